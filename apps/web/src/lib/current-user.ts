import type { User } from '@kaksha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './query-keys';

/**
 * The signed-in user (spec: userData), or null. Fetched once at start; the server answers
 * null for a visitor, and any failure also means signed out.
 */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: async () => {
    try {
      return (await api.get<User | null>('/api/user/currentuser')) ?? null;
    } catch {
      return null;
    }
  },
  staleTime: 5 * 60_000,
});

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isPending };
}
