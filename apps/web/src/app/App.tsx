import { TOAST_AUTO_CLOSE_MS } from '@kaksha/contracts';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { ApiError } from '../lib/api';
import { queryKeys } from '../lib/query-keys';
import { router } from './router';

/** Any 401 means the session is gone (expired, revoked, signed out elsewhere): forget the user, so the
 *  guards send them on (spec §2) instead of pages failing one by one. */
export function onSessionError(client: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.status === 401 && client.getQueryData(queryKeys.currentUser)) {
    client.setQueryData(queryKeys.currentUser, null);
  }
}

export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onSessionError(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => onSessionError(client, error) }),
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  return client;
}

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* Below the 4rem top navigation, so a toast never covers its Login/LogOut and menu buttons. */}
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop style={{ top: '4.5rem' }} />
    </QueryClientProvider>
  );
}
