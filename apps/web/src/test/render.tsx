import type { User } from '@kaksha/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { I18nProvider, type Locale, type Messages } from '@/i18n';
import en from '@/i18n/en.json';
import hi from '@/i18n/hi.json';
import { queryKeys } from '@/lib/query-keys';

/** The catalogues, at hand (the app downloads the one it needs). */
export const CATALOGUES: Record<string, Messages> = { en, hi };

/** A query client for one test: a failed request fails at once instead of being retried. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

export interface RenderOptions {
  /** The route pattern `ui` is mounted at, so it can read its params (default '*': any URL). */
  path?: string;
  /** The URL the test starts at (default '/'). */
  at?: string;
  /** Other pages the test may go to, e.g. `{ path: '/login', element: <h1>Login page</h1> }`. */
  routes?: RouteObject[];
  /** The signed-in user, or null when signed out; left out, the current user is not known yet. */
  user?: User | null;
  client?: QueryClient;
  /** The interface's language (default English). */
  locale?: Locale;
}

/**
 * Renders a component as the app does: inside a query client and a (memory) router. Returns the
 * Testing Library result with the client (to seed or read cached data) and the router (to read
 * where a navigation went: `router.state.location`).
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const client = options.client ?? testQueryClient();
  if (options.user !== undefined) client.setQueryData(queryKeys.currentUser, options.user);
  const router = createMemoryRouter([{ path: options.path ?? '*', element: ui }, ...(options.routes ?? [])], {
    initialEntries: [options.at ?? '/'],
  });
  const locale = options.locale ?? 'en';
  const result = render(
    <QueryClientProvider client={client}>
      <I18nProvider locale={locale} messages={CATALOGUES[locale]}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { ...result, client, router };
}
