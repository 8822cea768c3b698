import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerFetch as ApiFetch, PageRenderer, ServerRenderedPage } from '@kaksha/contracts';
import { type DehydratedState, dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppTree } from './app/AppTree';
import { Layout } from './app/Layout';
import { createQueryClient } from './app/query-client';
import { firstPageData, isServerRendered, routes, shownTo } from './app/routes';
import HomePage from './app/routes/HomePage';
import { PageSpinner } from './components/ui/Spinner';
import { createAppIntl, DEFAULT_LOCALE, I18nProvider, isLocale, type Locale, loadMessages } from './i18n';
import { API_URL, sendRequestsWith } from './lib/api';

/**
 * The first paint, rendered at build time (scripts/postbuild.mjs) into the HTML the server
 * sends, so a phone shows the page before the JavaScript has arrived. It is the page as a
 * visitor sees it while data loads: `/` is the landing page, `shell` the top bar and a spinner
 * for every other route; one of each per language (the server picks by the reader's cookie).
 * The app replaces it on start (createRoot, not hydration: a signed-in user or another route
 * renders differently, and that must never be a mismatch). Pages with data are rendered on the
 * server per request instead (renderPage).
 */
export async function render(page: '/' | 'shell', locale: Locale = DEFAULT_LOCALE) {
  const messages = await loadMessages(locale);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <I18nProvider locale={locale} messages={messages}>
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
        </I18nProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

/** Answers a GET of the API (a path such as `/api/course/getcourse/…`) as the signed-in user. */
export type ServerFetch = ApiFetch<Response>;

/** The request being rendered: whose API answers the app's queries get. */
const rendering = new AsyncLocalStorage<ServerFetch>();
sendRequestsWith(async (input, init) => {
  const serverFetch = rendering.getStore();
  const url = String(input);
  if (!serverFetch || (init?.method ?? 'GET') !== 'GET') throw new Error(`no server answer for ${url}`);
  return serverFetch(url.startsWith(API_URL) ? url.slice(API_URL.length) : url);
});

/**
 * A page rendered by the server, per request, for the signed-in user — or, with the server's
 * PUBLIC_CATALOGUE on, for a visitor of the catalogue or a course (the server's web module calls
 * this): the same tree the app renders (AppTree, the app's routes) with the page's first data
 * (routes.tsx), which goes into the HTML with it so the app takes the page over (hydration)
 * without asking again. Null when there is nothing to render: not such a page, a viewer the guards
 * would send away, or an answer failed (the app then renders the page itself, its loading or error
 * state included).
 */
export async function renderPage(
  url: string,
  serverFetch: ServerFetch,
  language?: string,
): Promise<ServerRenderedPage<DehydratedState> | null> {
  const location = new URL(url, 'http://page.invalid');
  if (!isServerRendered(location.pathname)) return null;
  // The reader's language (the server reads their cookie): the app hydrates the page in it.
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  const messages = await loadMessages(locale);
  // Retries at once, if at all: a failed answer leaves the page to the app.
  const client = createQueryClient({ retry: false, retryDelay: 0 });
  await rendering.run(serverFetch, () => firstPageData(location, client));
  const queries = client.getQueryCache().getAll();
  if (!shownTo(location.pathname, client) || queries.some((query) => query.state.status !== 'success')) {
    return null;
  }
  const router = createMemoryRouter(routes, { initialEntries: [`${location.pathname}${location.search}`] });
  const html = renderToString(
    <StrictMode>
      <AppTree client={client} router={<RouterProvider router={router} />} locale={locale} messages={messages} />
    </StrictMode>,
  );
  return { html, data: dehydrate(client) };
}

/** What the build's HTML says before the app starts, per language (scripts/postbuild.mjs writes it in). */
export async function pageHead(locale: Locale) {
  const intl = createAppIntl(locale, await loadMessages(locale));
  const say = (id: 'meta.title' | 'meta.description' | 'meta.noscript') => intl.formatMessage({ id }) as string;
  return { title: say('meta.title'), description: say('meta.description'), noscript: say('meta.noscript') };
}

export { PAGE_DATA } from './app/page-data';
export { DEFAULT_LOCALE, LOCALES } from './i18n';
/** Built with the same environment as the app, so preloads name exactly the URLs it fetches. */
export { API_URL } from './lib/api';
export { PAGE_STATE_ID } from './lib/ui-constants';

// The server loads this module as a `PageRenderer` (@kaksha/contracts): the compiler holds it to that.
true satisfies typeof import('./prerender') extends PageRenderer<Response> ? true : false;
