import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Toasts } from '@/components/ui/Toasts';
import { I18nProvider, type Locale, type Messages } from '@/i18n';
import { LocaleSync } from './LocaleSync';

/**
 * Everything around the router: the browser's app (App.tsx) and the server's render of a page
 * (src/prerender.tsx) render this same tree, in the same language with its catalogue already
 * loaded, so the app can hydrate a server-rendered page.
 */
export function AppTree({
  client,
  router,
  locale,
  messages,
}: {
  client: QueryClient;
  router: ReactNode;
  locale: Locale;
  messages: Messages;
}) {
  // Once the app has rendered or hydrated the page, it answers taps and clicks: said on <html> (outside
  // what React renders) for whoever waits for that (the browser tests, before they click a server-rendered page).
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
  }, []);
  return (
    <QueryClientProvider client={client}>
      <I18nProvider locale={locale} messages={messages}>
        <LocaleSync />
        {router}
        <Toasts />
      </I18nProvider>
    </QueryClientProvider>
  );
}
