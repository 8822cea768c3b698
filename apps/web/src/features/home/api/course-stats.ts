import type { CourseStats } from '@kaksha/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/course/stats`: how many courses are published (the landing page's badge). */
export const useCourseStats = () =>
  useQuery({
    // Under publishedCourses: publishing or unpublishing a course refreshes it with the lists.
    queryKey: [...queryKeys.publishedCourses, 'stats'],
    queryFn: ({ signal }) => api.get<CourseStats>('/api/course/stats', signal),
    staleTime: 5 * 60_000,
  });

/**
 * The badge's figure, never more than there is: the exact count below a thousand ("26+"), whole
 * thousands rounded down above ("1k+", "20k+"); null with no published course.
 */
export function courseCountLabel(published: number) {
  if (published <= 0) return null;
  if (published < 1000) return `${published}+`;
  return `${Math.floor(published / 1000)}k+`;
}
