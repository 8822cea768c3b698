import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toasts } from '../components/ui/Toasts';

/**
 * Everything around the router: the browser's app (App.tsx) and the server's render of a page
 * (src/prerender.tsx) draw this same tree, so the app can take a server-drawn page over.
 */
export function AppTree({ client, router }: { client: QueryClient; router: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {router}
      <Toasts />
    </QueryClientProvider>
  );
}
