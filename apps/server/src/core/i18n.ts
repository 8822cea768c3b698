import { DEFAULT_LOCALE, isLocale, type Locale } from '@kaksha/contracts';
import { IntlMessageFormat } from 'intl-messageformat';
import { en, type MessageKey } from './i18n/en.ts';
import { hi } from './i18n/hi.ts';

/**
 * The server's texts in the reader's language (issue #29): mails and PDFs call
 * `t(locale, key, params)` for plain text and `html(locale, key, params)` for an HTML body.
 * Messages are ICU (intl-messageformat, the FormatJS library family the web's catalogues use),
 * so plurals follow CLDR's rules per language (Hindi's "one" is 0 and 1). One catalogue per
 * locale in `i18n/`; a new language is a new catalogue and an entry in contracts' LOCALES.
 */
export type { MessageKey } from './i18n/en.ts';
export type MessageParams = Record<string, string | number | Date>;

export const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { en, hi };

/** The BCP 47 tag each locale formats numbers and dates with (Indian English groups ₹1,23,456 too). */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

/** A locale from whatever a row or header holds: the default for anything unknown. */
export const localeOf = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

const compiled = new Map<string, IntlMessageFormat>();
function format(locale: Locale, key: MessageKey) {
  const id = `${locale}\u0000${key}`;
  let message = compiled.get(id);
  if (!message) {
    message = new IntlMessageFormat(CATALOGUES[locale][key], INTL_LOCALE[locale]);
    compiled.set(id, message);
  }
  return message;
}

/** Rich-text tags a message may use, and how HTML shows them (plain text keeps their content). */
const TAGS = { b: 'strong' } as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function render(
  locale: Locale,
  key: MessageKey,
  params: Record<string, unknown>,
  tag: (name: string, inner: string) => string,
) {
  const tags = Object.fromEntries(
    Object.keys(TAGS).map((name) => [name, (chunks: unknown[]) => tag(name, chunks.join(''))]),
  );
  // Tags the caller renders itself (links) come in with the params and win over the plain ones.
  const out = format(locale, key).format<string>({ ...tags, ...(params as MessageParams) });
  return Array.isArray(out) ? out.join('') : String(out);
}

/** A message as plain text: `t('hi', 'mail.greeting', { name })` → "नमस्ते Asha,". */
export function t(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  return render(locale, key, params, (_name, inner) => inner);
}

/**
 * A message for an HTML body: text values escaped, `<b>` as `<strong>`, and a tag named in `links`
 * as a link to its address (`<unsubscribe>…</unsubscribe>` → `<a href="…">…</a>`), so a
 * translation places the link's words where its grammar wants them.
 */
export function html(
  locale: Locale,
  key: MessageKey,
  params: MessageParams = {},
  links: Record<string, string> = {},
): string {
  const escaped = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === 'string' ? escapeHtml(value) : value]),
  );
  const linkTags = Object.fromEntries(
    Object.entries(links).map(([name, href]) => [
      name,
      (chunks: unknown[]) => `<a href="${escapeHtml(href)}">${chunks.join('')}</a>`,
    ]),
  );
  return render(locale, key, { ...escaped, ...linkTags }, (name, inner) => {
    const element = TAGS[name as keyof typeof TAGS];
    return `<${element}>${inner}</${element}>`;
  });
}

/** Rupees from paise as the locale writes them: ₹1,23,456 (paise shown only when there are some). */
export function rupees(locale: Locale, paise: number): string {
  const fraction = paise % 100 ? 2 : 0;
  return `₹${(paise / 100).toLocaleString(INTL_LOCALE[locale], { minimumFractionDigits: fraction, maximumFractionDigits: 2 })}`;
}

/** A date as the locale writes it, in full: "25 November 2026", "25 नवंबर 2026" (UTC, as stored). */
export function longDate(locale: Locale, date: Date | string): string {
  return new Date(date).toLocaleDateString(INTL_LOCALE[locale], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
