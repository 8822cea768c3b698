import type { DbOrTx } from '../../core/db/client.ts';
import { keysetPages } from '../../core/snapshots.ts';
import { publishedCourseCount, type SitemapCourse, sitemapCourses } from './seo.queries.ts';

/** The sitemap protocol's limit of URLs per file (sitemaps.org); a larger catalogue gets an index of files. */
export const SITEMAP_MAX_URLS = 50_000;
/** Courses per statement while a sitemap streams: bounded memory and statement time at any size. */
const READ_PAGE = 5_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/**
 * What `/sitemap.xml` is: the one list of URLs (the catalogue, then every published course newest
 * first) while they fit in a file, else an index of `/sitemap/{n}.xml` files of `perFile` each.
 */
export async function sitemapPlan(db: DbOrTx, perFile = SITEMAP_MAX_URLS) {
  const urls = 1 + (await publishedCourseCount(db));
  return { files: Math.ceil(urls / perFile) };
}

/** `/sitemap.xml` when the catalogue needs several files: where each is. */
export function sitemapIndex(publicUrl: string, files: number) {
  const entries = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap/${i + 1}.xml`)}</loc></sitemap>\n`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`;
}

/**
 * Sitemap file `file` (1-based) of `perFile` URLs: the first starts with /allcourses, then the
 * published courses' pages newest first with when each last changed. Streamed in pages of a few
 * thousand courses, one statement each.
 */
export async function* sitemapUrls(
  db: DbOrTx,
  publicUrl: string,
  { file = 1, perFile = SITEMAP_MAX_URLS }: { file?: number; perFile?: number } = {},
): AsyncIterable<string> {
  yield `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n`;
  // Place 0 of the whole list is the catalogue; courses fill the rest.
  const first = (file - 1) * perFile;
  if (first === 0) yield `<url><loc>${escapeXml(`${publicUrl}/allcourses`)}</loc></url>\n`;
  const skip = Math.max(0, first - 1);
  const pages = keysetPages<SitemapCourse>((last, size) => sitemapCourses(db, last, size, skip), {
    pageSize: READ_PAGE,
    limit: first === 0 ? perFile - 1 : perFile,
  });
  for await (const page of pages) {
    yield page
      .map(
        (course) =>
          `<url><loc>${escapeXml(`${publicUrl}/viewcourse/${course.id}`)}</loc>` +
          `<lastmod>${course.updatedAt.toISOString()}</lastmod></url>\n`,
      )
      .join('');
  }
  yield '</urlset>\n';
}

/**
 * `/robots.txt`. With the catalogue public: the landing page, the catalogue (not its filtered
 * variants, endless and alike), course and certificate pages, and what they load (the build's
 * assets, public images) are allowed; everything else — the API, sign-in, and every signed-in
 * page — is not, so a page added later is private until listed here. Allow lines first, for
 * crawlers that take the first matching rule rather than the longest. Closed: nothing.
 */
export function robotsTxt(publicUrl: string, publicCatalogue: boolean) {
  if (!publicCatalogue) return 'User-agent: *\nDisallow: /\n';
  return [
    'User-agent: *',
    'Disallow: /allcourses?',
    'Allow: /$',
    'Allow: /allcourses',
    'Allow: /viewcourse/',
    'Allow: /certificate/',
    'Allow: /assets/',
    'Allow: /media/public/',
    'Allow: /favicon.svg',
    'Disallow: /api/',
    'Disallow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
