import type { Review } from '@kaksha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * Reviews of published courses, newest first (spec: allReview); `limit`: only the newest few, so the
 * landing page never downloads every review. A failure is only logged (spec §8).
 */
export const allReviewsQuery = (limit?: number) =>
  queryOptions({
    queryKey: [...queryKeys.allReviews, limit ?? 'all'],
    queryFn: async () => {
      try {
        return await api.get<Review[]>(`/api/review/allReview${limit ? `?limit=${limit}` : ''}`);
      } catch (error) {
        console.warn('Could not load reviews', error);
        throw error;
      }
    },
  });

export const useAllReviews = (limit?: number) => useQuery(allReviewsQuery(limit));
