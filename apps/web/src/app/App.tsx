import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import type { Locale, Messages } from '@/i18n';
import { AppTree } from './AppTree';
import { queryClient } from './query-client';
import { router } from './router';

export { firstPageData } from './routes';

/** Puts the data the server drew the page with into the app's query cache, before it takes the page over. */
export const restorePageData = (state: DehydratedState) => hydrate(queryClient, state);

export function App({ locale, messages }: { locale: Locale; messages: Messages }) {
  return (
    <AppTree client={queryClient} router={<RouterProvider router={router} />} locale={locale} messages={messages} />
  );
}
