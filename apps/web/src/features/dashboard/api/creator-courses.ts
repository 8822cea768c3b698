import type { Course } from '@kaksha/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { api, errorMessage } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The educator's courses with lectureCount, enrolledCount and earnings (computed by the server). */
export function useDashboardCourses() {
  const query = useQuery({
    queryKey: queryKeys.creatorCourses,
    queryFn: () => api.get<Course[]>('/api/course/getcreatorcourses'),
  });
  useEffect(() => {
    if (query.error) toast.error(errorMessage(query.error), { toastId: 'creator-courses' });
  }, [query.error]);
  return query;
}
