import type { Creator } from '@kaksha/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The course creator's public profile (POST /api/course/getcreator). A failure is only logged (spec §8). */
export function useCreator(userId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.creator(userId ?? ''),
    enabled: !!userId,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      try {
        return await api.post<Creator>('/api/course/getcreator', { userId });
      } catch (error) {
        console.warn('Could not load the course creator', error);
        throw error;
      }
    },
  });
}
