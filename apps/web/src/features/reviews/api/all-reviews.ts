import type { Review } from '@kaksha/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** Reviews of published courses, newest first (spec: allReview). A failure is only logged (spec §8). */
export function useAllReviews() {
  return useQuery({
    queryKey: queryKeys.allReviews,
    queryFn: async () => {
      try {
        return await api.get<Review[]>('/api/review/allReview');
      } catch (error) {
        console.warn('Could not load reviews', error);
        throw error;
      }
    },
  });
}
