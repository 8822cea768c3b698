import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Layout } from './app/Layout';
import { createQueryClient } from './app/query-client';
import HomePage from './app/routes/HomePage';
import { PageSpinner } from './components/ui/Spinner';

/**
 * The first paint, rendered at build time (scripts/postbuild.mjs) into the HTML the server
 * sends, so a phone shows the page before the JavaScript has arrived. It is the page as a
 * visitor sees it while data loads: `/` is the landing page, `shell` the top bar and a spinner
 * for every other route. The app replaces it on start (createRoot, not hydration: a signed-in
 * user or another route renders differently, and that must never be a mismatch).
 */
export function render(page: '/' | 'shell') {
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider
          router={createMemoryRouter(
            [
              {
                element: <Layout />,
                children: [
                  { path: '/', element: <HomePage /> },
                  { path: '*', element: <PageSpinner /> },
                ],
              },
            ],
            { initialEntries: [page === '/' ? '/' : '/loading'] },
          )}
        />
      </QueryClientProvider>
    </StrictMode>,
  );
}

export { PAGE_DATA } from './app/page-data';
/** Built with the same environment as the app, so preloads name exactly the URLs it fetches. */
export { API_URL } from './lib/api';
