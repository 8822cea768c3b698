import type { Course } from '@kaksha/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/ai/search {input} → the published courses that answer it, best first ([] when none). */
export const searchCourses = (input: string) => api.post<Course[]>('/api/ai/search', { input });

export function useAiSearch() {
  return useMutation({ mutationFn: searchCourses });
}
