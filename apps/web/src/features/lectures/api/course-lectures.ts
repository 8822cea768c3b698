import type { Course } from '@kaksha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, errorMessage } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

/** The course with its lectures in order, for its creator (spec §7: "has lectures list"). */
export const courseLecturesQuery = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.courseLectures(courseId),
    queryFn: () => api.get<Course>(`/api/course/getcourselecture/${courseId}`),
  });

export function useCourseLectures(courseId: string) {
  const query = useQuery(courseLecturesQuery(courseId));
  useEffect(() => {
    if (query.error) toast.error(errorMessage(query.error), { toastId: `lectures-${courseId}` });
  }, [query.error, courseId]);
  return query;
}
