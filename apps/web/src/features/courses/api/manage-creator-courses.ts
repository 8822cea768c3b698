import type { Course } from '@kaksha/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, errorMessage } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

export const fetchCreatorCourses = () => api.get<Course[]>('/api/course/getcreatorcourses');

/** The educator's own courses (spec: the creator's list), newest first; a failure shows the server's message. */
export function useCreatorCourses() {
  const query = useQuery({ queryKey: queryKeys.creatorCourses, queryFn: fetchCreatorCourses });
  useEffect(() => {
    if (query.error) toast.error(errorMessage(query.error), { toastId: 'creator-courses' });
  }, [query.error]);
  return query;
}
