import { type DefaultOptions, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Any 401 means the session is gone (expired, revoked, signed out elsewhere): forget the user, so the
 *  guards send them on (spec §2) instead of pages failing one by one. */
export function onSessionError(client: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.status === 401 && client.getQueryData(queryKeys.currentUser)) {
    client.setQueryData(queryKeys.currentUser, null);
  }
}

export function createQueryClient(queries: DefaultOptions['queries'] = {}) {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onSessionError(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => onSessionError(client, error) }),
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000, ...queries } },
  });
  return client;
}

/** The app's one client: the router's loaders warm it before the pages ask. */
export const queryClient = createQueryClient();
