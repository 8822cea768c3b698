import type { User } from '@kaksha/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { queryKeys } from '@/lib/query-keys';

/** After login, sign-up or Google sign-in: remember the user and refresh per-user data (spec §2). */
export function signedIn(queryClient: QueryClient, user: User) {
  queryClient.setQueryData(queryKeys.currentUser, user);
  void queryClient.invalidateQueries({ queryKey: queryKeys.creatorCourses });
}

/**
 * After logout: forget the user and every piece of server data fetched for them, so the next
 * person in this tab never sees it. Only the public config survives.
 */
export function signedOut(queryClient: QueryClient) {
  const keep = new Set<string>([queryKeys.config[0], queryKeys.currentUser[0]]);
  queryClient.removeQueries({ predicate: (query) => !keep.has(String(query.queryKey[0])) });
  queryClient.setQueryData(queryKeys.currentUser, null);
}

/** Signed in: remember the user and go to `to` (a checked `next`, else '/'). */
export function useOnSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (user: User, to = '/') => {
    signedIn(queryClient, user);
    navigate(to, { replace: true });
  };
}
