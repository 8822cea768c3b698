import {
  CATEGORIES,
  type CatalogFacets,
  type CatalogQuery,
  DURATION_BANDS,
  type DurationBand,
  LANGUAGE_CODES,
  LEVELS,
  PRICE_BANDS,
  type PriceBand,
  RATING_BANDS,
} from '@kaksha/contracts';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { catalogFacetCounts, catalogVocabulary, courseRank } from '../../core/db/schema/index.ts';

/*
 * The catalogue's filters (issue #27) as dimensions of one table, course_rank (one narrow row per
 * course, kept by triggers): each dimension is a filter in SQL for the page, a bucket of the
 * facet cube (counts of listed courses per combination of buckets, a few thousand cells at most:
 * catalog_facet_counts holds the whole catalogue's, kept by a trigger; a keyword's or an
 * educator's is grouped from course_rank) and the same filter as a test of a bucket, so that
 * every facet and the total are added up from the cube without another statement. Adding a
 * filter (as `language` was, issue #29) is one entry in DIMENSIONS (a `choice` of a column) and its
 * query field in the contract, plus the column in course_rank and catalog_facet_counts and their
 * triggers (migration 0022 shows each function to replace), and search's recountCourseRank.
 */

type DimensionName = 'category' | 'level' | 'language' | 'price' | 'rating' | 'duration';
type Bucket = string | number | null;
/** One cell of the facet cube: a combination of buckets and how many listed courses have it. */
export type Cell = Record<DimensionName, Bucket> & { n: number };

interface Dimension<Facet> {
  /** The row's bucket, in SQL over course_rank (grouped by for a cube). */
  bucket: SQL;
  /** The same bucket as catalog_facet_counts stores it ('' and -1 mean none). */
  stored: SQL;
  /** The query's filter on this dimension as SQL over course_rank; undefined when it filters nothing. */
  where(query: CatalogQuery): SQL | undefined;
  /** The same filter as a test of a cube cell's bucket; undefined when it filters nothing. */
  keeps(query: CatalogQuery): ((bucket: Bucket) => boolean) | undefined;
  /** The facet's values, each with a test of a bucket (bands may overlap). */
  facet: readonly { value: Facet; has: (bucket: Bucket) => boolean }[];
}

const inBuckets = (buckets: number[]) => (bucket: Bucket) => typeof bucket === 'number' && buckets.includes(bucket);
const atLeast = (min: number) => (bucket: Bucket) => typeof bucket === 'number' && bucket >= min;

/** A filter on a text column by a list of choices (several mean any of them). */
function choice<V extends string>(
  column: AnyColumn,
  stored: AnyColumn,
  values: readonly V[],
  chosen: (q: CatalogQuery) => readonly V[],
) {
  return {
    bucket: sql`${column}`,
    stored: sql`nullif(${stored}, '')`,
    where: (q) => {
      const picked = chosen(q);
      return picked.length > 0 ? sql`${column} = any(${sql.param(picked)}::text[])` : undefined;
    },
    keeps: (q) => {
      const picked: readonly (string | number | null)[] = chosen(q);
      return picked.length > 0 ? (bucket) => picked.includes(bucket) : undefined;
    },
    facet: values.map((value) => ({ value, has: (bucket) => bucket === value })),
  } satisfies Dimension<V>;
}

/** Price buckets: 0 free, 1 under ₹500, 2 under ₹1000, 3 from ₹1000; null without a price. */
const PRICE_BUCKETS: Record<PriceBand, number[]> = {
  free: [0],
  paid: [1, 2, 3],
  '0-500': [0, 1],
  '500-1000': [2],
  '1000-': [3],
};
const price = {
  bucket: sql`catalog_price_band(${courseRank.price})`,
  stored: sql`nullif(${catalogFacetCounts.priceBand}, -1)`,
  where: (q) => (q.price ? priceWhere[q.price] : undefined),
  keeps: (q) => (q.price ? inBuckets(PRICE_BUCKETS[q.price]) : undefined),
  facet: PRICE_BANDS.map((value) => ({ value, has: inBuckets(PRICE_BUCKETS[value]) })),
} satisfies Dimension<PriceBand>;
// Plain ranges rather than the bucket expression: the planner estimates them from statistics.
const priceWhere: Record<PriceBand, SQL> = {
  free: sql`${courseRank.price} = 0`,
  paid: sql`${courseRank.price} > 0`,
  '0-500': sql`${courseRank.price} >= 0 and ${courseRank.price} < 500`,
  '500-1000': sql`${courseRank.price} >= 500 and ${courseRank.price} < 1000`,
  '1000-': sql`${courseRank.price} >= 1000`,
};

/**
 * Rating buckets: the average as cards show it (averageRating: one decimal, half up) times ten,
 * in integers; null without reviews. `minRating` compares that, so a card showing 4.5 is "4.5 and up".
 */
const rating10 = sql`catalog_rating10(${courseRank.ratingSum}, ${courseRank.reviews})`;
const minRating10 = (q: CatalogQuery) => (q.minRating ? Math.round(q.minRating * 10) : 0);
const rating = {
  bucket: rating10,
  stored: sql`nullif(${catalogFacetCounts.rating10}, -1)`,
  where: (q) => (minRating10(q) > 0 ? sql`${rating10} >= ${minRating10(q)}` : undefined),
  keeps: (q) => (minRating10(q) > 0 ? atLeast(minRating10(q)) : undefined),
  facet: RATING_BANDS.map((value) => ({ value, has: atLeast(Math.round(value * 10)) })),
} satisfies Dimension<number>;

/** Duration buckets by hours of known lecture video: 0 under 2, 1 under 6, 2 from 6; null unknown. */
const HOUR = 3600;
const DURATION_RANGES: Record<DurationBand, [number, number]> = {
  '0-2': [0, 2 * HOUR],
  '2-6': [2 * HOUR, 6 * HOUR],
  '6-': [6 * HOUR, Number.POSITIVE_INFINITY],
};
const duration = {
  bucket: sql`catalog_duration_band(${courseRank.durationSeconds})`,
  stored: sql`nullif(${catalogFacetCounts.durationBand}, -1)`,
  where: (q) =>
    q.duration.length > 0
      ? sql`(${sql.join(
          q.duration.map((band) => {
            const [from, to] = DURATION_RANGES[band];
            const below = Number.isFinite(to) ? sql` and ${courseRank.durationSeconds} < ${to}` : sql``;
            return sql`(${courseRank.durationSeconds} >= ${from}${below})`;
          }),
          sql` or `,
        )})`
      : undefined,
  keeps: (q) => (q.duration.length > 0 ? inBuckets(q.duration.map((b) => DURATION_BANDS.indexOf(b))) : undefined),
  facet: DURATION_BANDS.map((value, i) => ({ value, has: inBuckets([i]) })),
} satisfies Dimension<DurationBand>;

const DIMENSIONS: Record<DimensionName, Dimension<string | number>> = {
  category: choice(courseRank.category, catalogFacetCounts.category, CATEGORIES, (q) => q.category),
  level: choice(courseRank.level, catalogFacetCounts.level, LEVELS, (q) => q.level),
  language: choice(courseRank.language, catalogFacetCounts.language, LANGUAGE_CODES, (q) => q.language),
  price,
  rating,
  duration,
};
const NAMES = Object.keys(DIMENSIONS) as DimensionName[];

/** A cube's select list: each dimension's bucket under its name (`stored`: from catalog_facet_counts). */
export const cubeColumns = (from: 'bucket' | 'stored') =>
  sql.join(
    NAMES.map((name) => sql`${DIMENSIONS[name][from]} as ${sql.identifier(name)}`),
    sql`, `,
  );
export const cubeGroupBy = () => sql.raw(NAMES.map((_, i) => i + 1).join(', '));

/** The query's filters on course_rank, all together (the page's condition). */
export const filterWhere = (query: CatalogQuery) =>
  NAMES.map((name) => DIMENSIONS[name].where(query)).filter((w): w is SQL => w !== undefined);

/** Does the query ask for anything beyond the spec's catalogue (category, creator, newest first)? */
export const isBrowsing = (query: CatalogQuery) =>
  query.q !== undefined || query.sort !== 'newest' || NAMES.some((n) => n !== 'category' && DIMENSIONS[n].where(query));

/**
 * The total and the facets from the cube: each facet adds up the cells every other filter keeps
 * (its own filter left out), the total the cells all of them keep. One pass: a cell that every
 * filter keeps counts everywhere, one that a single filter drops counts only in that filter's
 * facet, one that two or more drop counts nowhere. (Per request: with a language the whole
 * catalogue's cube has some 10,000 cells, and a pass per facet took several times as long.)
 */
export function facetsOf(cells: Cell[], query: CatalogQuery): { total: number; facets: CatalogFacets } {
  const tests = NAMES.map((name) => DIMENSIONS[name].keeps(query));
  const counts = NAMES.map((name) => DIMENSIONS[name].facet.map(() => 0));
  // The facet values a bucket counts in (bands may overlap), per dimension, found once per bucket.
  const valuesOf = NAMES.map(() => new Map<Bucket, number[]>());
  const add = (d: number, bucket: Bucket, n: number) => {
    let values = valuesOf[d].get(bucket);
    if (!values) {
      values = DIMENSIONS[NAMES[d]].facet.flatMap((f, i) => (f.has(bucket) ? [i] : []));
      valuesOf[d].set(bucket, values);
    }
    for (const i of values) counts[d][i] += n;
  };
  let total = 0;
  for (const cell of cells) {
    let dropped = -1;
    let drops = 0;
    for (let d = 0; d < NAMES.length && drops < 2; d++) {
      const keeps = tests[d];
      if (keeps && !keeps(cell[NAMES[d]])) {
        drops++;
        dropped = d;
      }
    }
    if (drops === 0) {
      total += cell.n;
      for (let d = 0; d < NAMES.length; d++) add(d, cell[NAMES[d]], cell.n);
    } else if (drops === 1) add(dropped, cell[NAMES[dropped]], cell.n);
  }
  const facet = (d: number) => DIMENSIONS[NAMES[d]].facet.map(({ value }, i) => ({ value, count: counts[d][i] }));
  return { total, facets: Object.fromEntries(NAMES.map((name, d) => [name, facet(d)])) as CatalogFacets };
}

/*
 * The keyword (`q`): every word must be among the words of a course's title, subtitle and
 * educator's name (course_rank's `words`), as a word or the start of one ("pyth" while typing). A
 * word no listed course has is taken for a typo: then the catalogue's words one edit away match
 * instead (a letter left out, added, changed, or two neighbours swapped: "pyhton", "machne
 * lerning", "javscript", "Asha Vemra"), found among the few hundred spellings one edit away by
 * primary-key look-ups in catalog_vocabulary, then the courses through the word index. Known
 * words are not "corrected": "react" does not also find "reach".
 */

/** Words too common to narrow a title, dropped unless the keyword has nothing else. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'for', 'of', 'in', 'on', 'to', 'with', 'by', 'at', 'from', 'is']);
const MAX_WORDS = 6;
/** Typos are looked for in words from this long to this long. */
const TYPO_MIN = 4;
const TYPO_MAX = 20;
const LATIN = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The keyword's words as catalog_words (migration 0015) splits a text: lower case, runs of letters
 * (with their combining signs, as in Devanagari) and digits; stop words and repeats dropped.
 */
export function keywordWords(q: string | undefined): string[] {
  if (!q) return [];
  const words = [...new Set(q.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [])].map((w) => w.slice(0, 40));
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  return (meaningful.length > 0 ? meaningful : words).slice(0, MAX_WORDS);
}

/** Every word one edit from `word` (Damerau: deletion, transposition, substitution, insertion). */
export function oneEditAway(word: string): string[] {
  const letters = [...word];
  // Latin words may have any Latin letter changed or added; others only lose or swap letters.
  const alphabet = /^[a-z0-9]+$/.test(word) ? [...LATIN] : [];
  const out = new Set<string>();
  for (let i = 0; i <= letters.length; i++) {
    const before = letters.slice(0, i).join('');
    const rest = letters.slice(i).join('');
    for (const c of alphabet) out.add(before + c + rest);
    if (i === letters.length) break;
    const after = letters.slice(i + 1).join('');
    out.add(before + after);
    for (const c of alphabet) out.add(before + c + after);
    if (i + 1 < letters.length) out.add(before + letters[i + 1] + letters[i] + letters.slice(i + 2).join(''));
  }
  out.delete(word);
  return [...out].filter((w) => w.length > 1);
}

/** Whether a word is typed far enough to stand for the words it starts (three letters or more). */
const asPrefix = (word: string) => word.length >= 3;

/**
 * For each word: whether the catalogue has it (or a word it starts), and if not, the catalogue's
 * words one edit away. One statement; every look-up is on catalog_vocabulary's indexes.
 */
export function resolveWordsQuery(words: string[]) {
  return sql.join(
    words.map((word, i) => {
      const typed = asPrefix(word)
        ? sql`${catalogVocabulary.word} like ${`${word}%`}`
        : sql`${catalogVocabulary.word} = ${word}`;
      const forms = word.length >= TYPO_MIN && word.length <= TYPO_MAX ? oneEditAway(word) : [];
      return sql`(select ${i}::int as i,
        exists(select 1 from ${catalogVocabulary} where ${typed} and ${catalogVocabulary.n} > 0) as known,
        array(select ${catalogVocabulary.word} from ${catalogVocabulary}
          where ${catalogVocabulary.word} = any(${sql.param(forms)}::text[]) and ${catalogVocabulary.n} > 0) as corrections)`;
    }),
    sql` union all `,
  );
}

/**
 * The text-search query of one word: itself (as a prefix), or when unknown its corrections, or
 * null when it has neither (then nothing matches).
 */
export function wordQuery(word: string, known: boolean, corrections: string[]): string | null {
  if (known) return asPrefix(word) ? `'${word}':*` : `'${word}'`;
  return corrections.length > 0 ? `(${corrections.map((c) => `'${c}'`).join(' | ')})` : null;
}

/** Listed courses with every word (wordQuery's, joined): one look-up in course_rank's word index. */
export const keywordWhere = (queries: string[]): SQL => sql`${courseRank.words} @@ ${queries.join(' & ')}::tsquery`;
