import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { buildFile, isFile } from './web.assets.ts';

/** The web's cookie for the reader's language (apps/web/src/i18n): `hi`, `en`, … */
const LOCALE_COOKIE = 'locale';

/** The language the build's default pages are in (`index.html`, not `index.en.html`). */
const DEFAULT_LOCALE = 'en';
const LANGUAGE = /^[a-z]{2,3}$/;

/** The languages an Accept-Language header names, most wanted first (`hi-IN,hi;q=0.9,en;q=0.8` → hi, hi, en). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { language: tag.toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((l) => LANGUAGE.test(l.language) && l.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((l) => l.language);
}

/**
 * The reader's language: the one the web remembers (its cookie), else on a first visit the first
 * of the browser's languages the build at `root` has pages in (the rule the web app follows,
 * apps/web/src/i18n `browserLocale`), so a Hindi browser gets its first page in Hindi. Undefined:
 * the default (English) pages. A cookie's language is only checked for its shape here: a
 * language's file says whether the build has it.
 */
export function readerLocale(request: FastifyRequest, root: string): string | undefined {
  const value = request.cookies[LOCALE_COOKIE];
  if (value && LANGUAGE.test(value)) return value;
  for (const language of acceptedLanguages(request.headers['accept-language'])) {
    if (language === DEFAULT_LOCALE) return undefined;
    if (isFile(path.join(root, `index.${language}.html`))) return language;
  }
  return undefined;
}

/**
 * An HTML page of the build in the reader's language: the web build writes one per language
 * beside the default one (`index.hi.html` beside `index.html`); a language it has no page in
 * gets the default (English) one.
 */
export function localizedBuildFile<T>(root: string, name: string, parse: (text: string) => T) {
  const fallback = buildFile(path.join(root, name), parse);
  const localized = new Map<string, () => T | undefined>();
  return (locale: string | undefined): T | undefined => {
    if (!locale) return fallback();
    let file = localized.get(locale);
    if (!file) {
      const localizedPath = path.join(root, name.replace(/\.html$/, `.${locale}.html`));
      // Only languages the build has are kept: a cookie cannot grow this map.
      if (!isFile(localizedPath)) return fallback();
      file = buildFile(localizedPath, parse);
      localized.set(locale, file);
    }
    return file() ?? fallback();
  };
}
