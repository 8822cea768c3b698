import type { Course } from '@kaksha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const fetchPublishedCourses = () => api.get<Course[]>('/api/course/getpublishedcoures');

/** Every published course, newest first (spec: courseData). A failure is only logged (spec §8). */
const publishedCoursesQuery = queryOptions({
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

export const usePublishedCourses = () => useQuery(publishedCoursesQuery);

/** Only the newest `limit` published courses (the landing page), without loading the whole catalogue. */
export const useNewestCourses = (limit: number) =>
  useQuery({
    queryKey: [...queryKeys.publishedCourses, { limit }],
    queryFn: async () => {
      try {
        return await api.get<Course[]>(`/api/course/getpublishedcoures?limit=${limit}`);
      } catch (error) {
        console.warn('Could not load published courses', error);
        throw error;
      }
    },
  });
