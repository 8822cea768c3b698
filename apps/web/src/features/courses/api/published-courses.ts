import type { Course } from '@kaksha/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** Published courses, newest first (spec: courseData); `limit`: only the newest few. A failure is only logged (spec §8). */
async function fetchPublishedCourses(limit?: number) {
  try {
    return await api.get<Course[]>(`/api/course/getpublishedcoures${limit ? `?limit=${limit}` : ''}`);
  } catch (error) {
    console.warn('Could not load published courses', error);
    throw error;
  }
}

/** Every published course. */
export const usePublishedCourses = () =>
  useQuery({ queryKey: queryKeys.publishedCourses, queryFn: () => fetchPublishedCourses() });

/** Only the newest `limit` published courses (the landing page), without loading the whole catalogue. */
export const useNewestCourses = (limit: number) =>
  useQuery({ queryKey: [...queryKeys.publishedCourses, { limit }], queryFn: () => fetchPublishedCourses(limit) });
