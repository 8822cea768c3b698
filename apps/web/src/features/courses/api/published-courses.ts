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
