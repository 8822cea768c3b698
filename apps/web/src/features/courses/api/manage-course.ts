import type { Course } from '@kaksha/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** One course as its creator sees it (drafts included), for the editor. */
export function useManagedCourse(courseId: string) {
  return useQuery({
    queryKey: queryKeys.course(courseId),
    queryFn: () => api.get<Course>(`/api/course/getcourse/${courseId}`),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}
