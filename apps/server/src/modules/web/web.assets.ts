import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * The web build's files as the server reads them: hashed assets served as the brotli/gzip files
 * made at build time, and the HTML, page-data.json and the server renderer read again whenever a
 * deploy replaces them (no restart).
 */

/**
 * Every file of the build under `/`, without a wildcard route (the SPA fallback answers the rest):
 * hashed assets cached for a year, anything else (the favicon) revalidated. Not robots.txt or a
 * sitemap, which the server writes from its settings (modules/seo): a build's copy is left alone.
 */
export async function serveBuildFiles(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    globIgnore: ['robots.txt', 'sitemap.xml', 'sitemap/**'],
    preCompressed: true,
    setHeaders(reply, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/**
 * Whether the path is a regular file. A path the file system cannot hold (a segment over 255
 * bytes: ENAMETOOLONG; a name under a file such as `/favicon.svg/x`: ENOTDIR) is simply none.
 */
export function isFile(file: string) {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/** What tells one build's file from the next: its inode and size as well as its time (timestamps are coarse, and a deploy may normalise them). */
const versionOf = (file: string) => {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat && `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
};

/** A file of the build, read again whenever a new build replaces it (the HTML names the hashed chunks). */
export function buildFile<T>(file: string, parse: (text: string) => T) {
  let cached: { version: string; value: T } | undefined;
  return (): T | undefined => {
    const version = versionOf(file);
    if (!version) return undefined;
    if (cached?.version !== version) cached = { version, value: parse(readFileSync(file, 'utf8')) };
    return cached.value;
  };
}

/**
 * A module of the build (imported again whenever a new build replaces it), or undefined: none
 * there, or one that fails to load (logged; the pages it would render are rendered by the app).
 */
export function buildModule<T>(file: string, log: FastifyBaseLogger) {
  let cached: { version: string; value: Promise<T | undefined> } | undefined;
  return (): Promise<T | undefined> => {
    const version = versionOf(file);
    if (!version) return Promise.resolve(undefined);
    if (cached?.version !== version) {
      const value = import(`${pathToFileURL(file).href}?v=${encodeURIComponent(version)}`).catch((error) => {
        log.warn({ err: error, file }, 'the web build’s server renderer does not load: the app renders every page');
        return undefined;
      });
      cached = { version, value };
    }
    return cached.value;
  };
}
