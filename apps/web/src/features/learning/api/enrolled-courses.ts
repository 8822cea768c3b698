import type { Course } from '@kaksha/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const fetchEnrolledCourses = (signal?: AbortSignal) =>
  api.get<Course[]>('/api/course/getenrolledcourses', signal);

/**
 * The signed-in learner's enrolled courses, most recent first, including courses unpublished
 * since they enrolled (GET /api/course/getenrolledcourses).
 */
export function useEnrolledCourses(enabled = true) {
  return useQuery({
    queryKey: queryKeys.enrolledCourses,
    queryFn: ({ signal }) => fetchEnrolledCourses(signal),
    enabled,
  });
}
