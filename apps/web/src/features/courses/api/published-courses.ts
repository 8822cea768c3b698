import type { Course } from '@kaksha/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const fetchPublishedCourses = () => api.get<Course[]>('/api/course/getpublishedcoures');

/** Every published course, newest first (spec: courseData). A failure is only logged (spec §8). */
export function usePublishedCourses() {
  return useQuery({
    queryKey: queryKeys.publishedCourses,
    queryFn: async () => {
      try {
        return await fetchPublishedCourses();
      } catch (error) {
        console.warn('Could not load published courses', error);
        throw error;
      }
    },
  });
}
