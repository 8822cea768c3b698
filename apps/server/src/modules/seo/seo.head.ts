import { CURRENCY } from '@kaksha/contracts';
import type { DbOrTx } from '../../core/db/client.ts';
import { isUuid } from '../../core/ids.ts';
import { VersionedMemo } from '../../core/snapshots.ts';
import type { Storage } from '../../core/storage.ts';
import { thumbnailUrls } from '../media/media.service.ts';
import { newestThumbnailKey, type PublishedCourseFacts, publishedCourseFacts } from './seo.queries.ts';

const SITE = 'Kaksha';
/** About what a results page shows of a description before it cuts it. */
const META_DESCRIPTION_MAX = 160;
const JSON_LD_DESCRIPTION_MAX = 500;

const CATALOGUE_DESCRIPTION =
  'Browse online courses by Indian educators on Kaksha: web development, AI/ML, data science and more. ' +
  'Filter by category, level, price, rating and length of video.';

/**
 * What a public catalogue page says of itself in its HTML (modules/web puts it in): the document's
 * title and description, the canonical URL, Open Graph's facts, and for a course its schema.org
 * `Course`. Plain values: the web module escapes each for where it goes.
 */
export interface PageHead {
  documentTitle: string;
  title: string;
  description: string;
  /** Absolute: the canonical URL and og:url. */
  url: string;
  /** Absolute, or null when the page has no picture. */
  image: string | null;
  type: string;
  jsonLd?: Record<string, unknown>;
}

const COURSE_PAGE = /^\/viewcourse\/([^/]+)$/;

/**
 * The head of `/allcourses` and of a published course's `/viewcourse/{id}` (null for any other
 * path, a draft or an unknown course), kept per catalogue version: every change a page shows
 * (an edit, a review, publishing) moves the version, so a head is read once per change.
 */
export function cataloguePageHeads(
  db: DbOrTx,
  storage: Storage,
  publicUrl: string,
  catalogVersion: () => Promise<number>,
) {
  const memo = new VersionedMemo<PageHead | null>(2_000);
  const absolute = (url: string | null) => (url ? new URL(url, `${publicUrl}/`).toString() : null);
  const thumbnail = (key: string | null) => absolute(thumbnailUrls(storage, key).thumbnail);
  return async (path: string): Promise<PageHead | null> => {
    const courseId = COURSE_PAGE.exec(path)?.[1];
    if (path !== '/allcourses' && !(courseId && isUuid(courseId))) return null;
    const key = courseId ?? '';
    const version = await catalogVersion();
    const known = memo.get(version, key);
    if (known !== undefined) return known;
    let head: PageHead | null;
    if (courseId) {
      const facts = await publishedCourseFacts(db, courseId);
      head = facts ? courseHead(facts, publicUrl, thumbnail(facts.thumbnailKey)) : null;
    } else {
      head = {
        documentTitle: `All Courses · ${SITE}`,
        title: `All Courses · ${SITE}`,
        description: CATALOGUE_DESCRIPTION,
        url: `${publicUrl}/allcourses`,
        // The newest course's picture: what the catalogue shows first.
        image: thumbnail(await newestThumbnailKey(db)),
        type: 'website',
      };
    }
    memo.set(version, key, head);
    return head;
  };
}

/** A course page's head, with its JSON-LD `Course` (aggregateRating only when it has reviews). */
export function courseHead(course: PublishedCourseFacts, publicUrl: string, image: string | null): PageHead {
  const url = `${publicUrl}/viewcourse/${course.id}`;
  const about = course.subTitle.trim() || course.description.trim();
  const description =
    clip(about, META_DESCRIPTION_MAX) || `${course.title}: an online course by ${course.educator} on ${SITE}.`;
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: clip(about, JSON_LD_DESCRIPTION_MAX) || description,
    url,
    ...(image ? { image } : {}),
    provider: { '@type': 'Organization', name: SITE, url: publicUrl },
    creator: { '@type': 'Person', name: course.educator },
    about: course.category,
    // ISO 639-1, which is BCP 47 as schema.org asks.
    inLanguage: course.language,
    ...(course.level ? { educationalLevel: course.level } : {}),
    // Google's course listings need `category` (Free / Paid) beside the price.
    ...(course.price !== null
      ? {
          offers: {
            '@type': 'Offer',
            price: course.price,
            priceCurrency: CURRENCY,
            category: course.price === 0 ? 'Free' : 'Paid',
            availability: 'https://schema.org/InStock',
            url,
          },
        }
      : {}),
    // Never invented: only a course learners have reviewed has a rating to state.
    ...(course.reviewCount > 0 && course.avgRating !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: course.avgRating,
            reviewCount: course.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  return {
    documentTitle: `${course.title} · ${SITE}`,
    title: course.title,
    description,
    url,
    image,
    type: 'website',
    jsonLd,
  };
}

/** Text on one line, cut at a word before `max` characters with an ellipsis when longer. */
function clip(text: string, max: number) {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}
