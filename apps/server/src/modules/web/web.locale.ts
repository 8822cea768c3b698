import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { buildFile, isFile } from './web.assets.ts';

/** The web's cookie for the reader's language (apps/web/src/i18n): `hi`, `en`, … */
const LOCALE_COOKIE = 'locale';

/** The reader's language as the web remembers it, if it looks like one (a language's file says whether the build has it). */
export function readerLocale(request: FastifyRequest): string | undefined {
  const value = request.cookies[LOCALE_COOKIE];
  return value && /^[a-z]{2,3}$/.test(value) ? value : undefined;
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
