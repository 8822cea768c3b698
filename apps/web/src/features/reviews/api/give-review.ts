import type { Review } from '@kaksha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface GiveReviewInput {
  rating: number;
  comment: string;
  courseId: string;
}

/** POST /api/review/givereview; a second review of the same course replaces the first. */
export function useGiveReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GiveReviewInput) =>
      api.post<{ message: string; review: Review }>('/api/review/givereview', input),
    onSuccess: (_data, input) => {
      // Ratings are computed on the server: refresh every place that shows them.
      void client.invalidateQueries({ queryKey: queryKeys.course(input.courseId) });
      void client.invalidateQueries({ queryKey: queryKeys.publishedCourses });
      void client.invalidateQueries({ queryKey: queryKeys.allReviews });
    },
  });
}
