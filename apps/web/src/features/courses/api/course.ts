import type { Course } from '@kaksha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** One course (an unpublished one only for its creator; 404 for anyone else). */
export const courseQuery = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.course(courseId),
    queryFn: () => api.get<Course>(`/api/course/getcourse/${courseId}`),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

export const useCourse = (courseId: string) => useQuery(courseQuery(courseId));
