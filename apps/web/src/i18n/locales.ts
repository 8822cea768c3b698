import type { MessageFormatElement } from 'react-intl';
import type en from './en.json';

/** A key of the catalogues: English's keys are the list every other catalogue must have (scripts/check-i18n.mjs). */
export type MessageKey = Extract<keyof typeof en, string>;
/** Texts (tests, the catalogue check) or, in the app's bundle, already parsed (vite.config.ts). */
export type Messages = Record<MessageKey, string | MessageFormatElement[]>;

/** A language of the interface: the name of a catalogue file in this folder (`hi` for hi.json). */
export type Locale = string;

export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that remembers a visitor's language; the server draws pages in it (modules/web). */
export const LOCALE_COOKIE = 'locale';

/**
 * Every catalogue of this folder is a language of the interface, downloaded only when chosen:
 * adding a language is adding its file.
 */
const catalogues = import.meta.glob<Messages>('./*.json', { import: 'default' });

export const LOCALES: readonly Locale[] = Object.keys(catalogues)
  .map((file) => file.slice('./'.length, -'.json'.length))
  .sort((a, b) => (a === DEFAULT_LOCALE ? -1 : b === DEFAULT_LOCALE ? 1 : a.localeCompare(b)));

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && LOCALES.includes(value);

export const loadMessages = (locale: Locale): Promise<Messages> => {
  const load = catalogues[`./${locale}.json`];
  if (!load) throw new Error(`no catalogue for ${locale}`);
  return load();
};

/** The tag Intl formats with: Kaksha is Indian, so English is en-IN (₹1,23,456) and Hindi hi-IN. */
export const intlLocale = (locale: Locale) => `${locale}-IN`;

/** A language by its own name, as a switch offers it: English, हिन्दी. */
export const localeName = (locale: Locale) => {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
};

/** The language a `Cookie:` header (or document.cookie) remembers, if it is one of ours. */
export function cookieLocale(cookie: string | undefined): Locale | undefined {
  const match = cookie?.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`));
  const value = match?.[1]?.trim();
  return isLocale(value) ? value : undefined;
}

/** The first of the browser's languages we have ('hi-IN' → 'hi'), else English: a first visit's language. */
export function browserLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** Where the interface's language is kept: a year-long cookie (the server draws pages in it) and <html lang>. */
export function rememberLocale(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference, read by the server (no Cookie Store API in Safari).
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = locale;
}
