import type { User } from '@kaksha/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../../lib/query-keys';

/** After login, sign-up or Google sign-in: remember the user, refresh per-user data, go home (spec §2). */
export function signedIn(queryClient: QueryClient, user: User) {
  queryClient.setQueryData(queryKeys.currentUser, user);
  void queryClient.invalidateQueries({ queryKey: queryKeys.creatorCourses });
}

/** After logout: forget the user and the data that belonged to them. */
export function signedOut(queryClient: QueryClient) {
  queryClient.setQueryData(queryKeys.currentUser, null);
  queryClient.removeQueries({ queryKey: queryKeys.creatorCourses });
  queryClient.removeQueries({ queryKey: ['progress'] });
}

export function useOnSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (user: User) => {
    signedIn(queryClient, user);
    navigate('/', { replace: true });
  };
}
