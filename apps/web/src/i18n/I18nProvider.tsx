import { createContext, Fragment, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { createIntl, createIntlCache, type IntlShape, RawIntlProvider } from 'react-intl';
import { setCurrentIntl } from './current';
import {
  DEFAULT_LOCALE,
  intlLocale,
  isLocale,
  type Locale,
  loadMessages,
  type Messages,
  rememberLocale,
} from './locales';

const cache = createIntlCache();

/** The language's messages, formatting numbers and dates for India (en-IN: ₹1,23,456; hi-IN: मार्च). */
export function createAppIntl(locale: Locale, messages: Messages): IntlShape {
  return createIntl(
    {
      locale: intlLocale(locale),
      // Texts (tests) or parsed messages (the app's bundle): react-intl takes either, not a mix of both.
      messages: messages as Record<string, string>,
      defaultLocale: intlLocale(DEFAULT_LOCALE),
      // A missing or broken message is a bug the catalogue check (scripts/check-i18n.mjs) and the
      // compiler catch; outside production it is also said in the console.
      onError: (error) => {
        if (import.meta.env.PROD) return;
        console.error(error);
      },
    },
    cache,
  );
}

export interface LocaleControl {
  locale: Locale;
  /** Downloads the language's catalogue, then draws the interface in it and remembers it. */
  switchLocale: (locale: Locale) => Promise<void>;
}

const LocaleContext = createContext<LocaleControl>({ locale: DEFAULT_LOCALE, switchLocale: async () => {} });

export const useLocale = () => useContext(LocaleContext);

/**
 * The interface's language, starting with `locale` and its `messages` (loaded before the first
 * render, so a server-drawn page hydrates in the language it was drawn in). A switch draws the
 * tree under it anew: formatting outside components (lib/format.ts) reads the language as it renders.
 */
export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}) {
  const [shown, setShown] = useState({ locale, messages });
  const intl = useMemo(() => createAppIntl(shown.locale, shown.messages), [shown]);
  setCurrentIntl(shown.locale, intl);
  const switchLocale = useCallback(async (next: Locale) => {
    if (!isLocale(next)) return;
    const loaded = await loadMessages(next);
    rememberLocale(next);
    setShown((now) => (now.locale === next ? now : { locale: next, messages: loaded }));
  }, []);
  const control = useMemo(() => ({ locale: shown.locale, switchLocale }), [shown.locale, switchLocale]);
  return (
    <LocaleContext.Provider value={control}>
      <RawIntlProvider value={intl}>
        <Fragment key={shown.locale}>{children}</Fragment>
      </RawIntlProvider>
    </LocaleContext.Provider>
  );
}
