import { createIntl, type IntlShape } from 'react-intl';
import { DEFAULT_LOCALE, type Locale, type MessageKey } from './locales';

export type MessageValues = Record<string, string | number | Date | null | undefined>;

/**
 * The interface's language for code outside components (formatting, toasts, an API error's text):
 * set by the I18nProvider as it renders, which is synchronous, so a server render of one page
 * never sees another's. Components use useT() instead.
 */
let current: { locale: Locale; intl: IntlShape } | undefined;

export const setCurrentIntl = (locale: Locale, intl: IntlShape) => {
  current = { locale, intl };
};

export const currentLocale = (): Locale => current?.locale ?? DEFAULT_LOCALE;

/** A formatter with no catalogue: its texts are the keys (only before any I18nProvider has rendered). */
let empty: IntlShape | undefined;

/** The current language's formatter (after the first I18nProvider render, or a test's setup). */
export function currentIntl(): IntlShape {
  empty ??= createIntl({ locale: DEFAULT_LOCALE, messages: {}, onError: () => {} });
  return current?.intl ?? empty;
}

/** A message of the current catalogue; the key itself before any catalogue is loaded (never seen in the app). */
export const translate = (id: MessageKey, values?: MessageValues): string =>
  currentIntl().formatMessage({ id }, values) as string;

/** Whether the current catalogue has `id` (a server error's id it may or may not know). */
export const hasMessage = (id: string): id is MessageKey => !!current && Object.hasOwn(current.intl.messages, id);
