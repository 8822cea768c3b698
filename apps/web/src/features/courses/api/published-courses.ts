import type { Course } from '@kaksha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The newest published courses (spec: courseData, `limit` of them). A failure is only logged (spec §8). */
async function fetchPublishedCourses(limit: number) {
  try {
    return await api.get<Course[]>(`/api/course/getpublishedcoures?limit=${limit}`);
  } catch (error) {
    console.warn('Could not load published courses', error);
    throw error;
  }
}

/** Only the newest `limit` published courses (the landing page), without loading the whole catalogue. */
export const newestCoursesQuery = (limit: number) =>
  queryOptions({ queryKey: [...queryKeys.publishedCourses, { limit }], queryFn: () => fetchPublishedCourses(limit) });

export const useNewestCourses = (limit: number) => useQuery(newestCoursesQuery(limit));
