import type { Course } from '@kaksha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const fetchEnrolledCourses = (signal?: AbortSignal) =>
  api.get<Course[]>('/api/course/getenrolledcourses', signal);

/**
 * The signed-in learner's enrolled courses, most recent first, including courses unpublished
 * since they enrolled (GET /api/course/getenrolledcourses).
 */
export const enrolledCoursesQuery = queryOptions({
  queryKey: queryKeys.enrolledCourses,
  queryFn: ({ signal }) => fetchEnrolledCourses(signal),
});

export const useEnrolledCourses = (enabled = true) => useQuery({ ...enrolledCoursesQuery, enabled });
