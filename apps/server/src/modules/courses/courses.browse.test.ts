import {
  type CatalogFacets,
  type CatalogPage,
  type CourseCard,
  catalogPageSchema,
  DURATION_BANDS,
  LANGUAGE_CODES,
  LEVELS,
  PRICE_BANDS,
  RATING_BANDS,
} from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, type TestApp } from '../../test/app.ts';
import { reindexAll } from '../search/search.service.ts';

/*
 * Browsing the catalogue (issue #27): keyword, filters, facets, orders with keyset pages. Every
 * expectation is computed from the cards of the unfiltered catalogue (their level, price, rating,
 * duration and category), so the filters are checked against what learners are shown.
 */

async function page(app: TestApp, query: string): Promise<CatalogPage> {
  const res = await app.inject(`/api/course/catalog?${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return catalogPageSchema.parse(res.json());
}

/** Every page of `query`, following the cursors; `between` runs after each page (e.g. publishing). */
async function allPages(app: TestApp, query: string, between?: (pageNo: number) => Promise<void>) {
  const cards: CourseCard[] = [];
  let first: CatalogPage | undefined;
  let cursor: string | null = null;
  for (let n = 0; n < 100; n++) {
    const got = await page(app, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    first ??= got;
    cards.push(...got.courses);
    if (!got.nextCursor) return { cards, first };
    cursor = got.nextCursor;
    await between?.(n);
  }
  throw new Error('the catalogue never ended');
}

const HOUR = 3600;
const inPrice = (band: string, price: number | null): boolean =>
  price !== null &&
  {
    free: price === 0,
    paid: price > 0,
    '0-500': price < 500,
    '500-1000': price >= 500 && price < 1000,
    '1000-': price >= 1000,
  }[band] === true;
const inDuration = (band: string, seconds: number | null): boolean =>
  seconds !== null &&
  { '0-2': seconds < 2 * HOUR, '2-6': seconds >= 2 * HOUR && seconds < 6 * HOUR, '6-': seconds >= 6 * HOUR }[band] ===
    true;

interface Filters {
  category?: string[];
  level?: string[];
  language?: string[];
  price?: string;
  minRating?: number;
  duration?: string[];
}
type FilterName = keyof Filters;

/** The filters as the server should apply them, on a card (`except`: one left out, for its facet). */
function keeps(card: CourseCard, f: Filters, except?: FilterName) {
  const on = (name: FilterName) => name !== except && f[name] !== undefined;
  return (
    (!on('category') || f.category!.includes(card.category)) &&
    (!on('level') || (card.level !== null && f.level!.includes(card.level))) &&
    (!on('language') || f.language!.includes(card.language)) &&
    (!on('price') || inPrice(f.price!, card.price)) &&
    (!on('minRating') || (card.reviewCount > 0 && card.avgRating >= f.minRating!)) &&
    (!on('duration') || f.duration!.some((band) => inDuration(band, card.totalDurationSeconds)))
  );
}

function toQuery(f: Filters) {
  const p = new URLSearchParams();
  for (const c of f.category ?? []) p.append('category', c);
  for (const l of f.level ?? []) p.append('level', l);
  for (const l of f.language ?? []) p.append('language', l);
  if (f.price) p.set('price', f.price);
  if (f.minRating !== undefined) p.set('minRating', String(f.minRating));
  for (const d of f.duration ?? []) p.append('duration', d);
  return p.toString();
}

/** The facets the server should answer for `f`, counted on the cards. */
function expectedFacets(cards: CourseCard[], f: Filters, categories: readonly string[]): CatalogFacets {
  const count = (except: FilterName, has: (c: CourseCard) => boolean) =>
    cards.filter((c) => keeps(c, f, except) && has(c)).length;
  return {
    category: categories.map((value) => ({ value, count: count('category', (c) => c.category === value) })),
    level: LEVELS.map((value) => ({ value, count: count('level', (c) => c.level === value) })),
    language: LANGUAGE_CODES.map((value) => ({ value, count: count('language', (c) => c.language === value) })),
    price: PRICE_BANDS.map((value) => ({ value, count: count('price', (c) => inPrice(value, c.price)) })),
    rating: RATING_BANDS.map((value) => ({
      value,
      count: count('minRating', (c) => c.reviewCount > 0 && c.avgRating >= value),
    })),
    duration: DURATION_BANDS.map((value) => ({
      value,
      count: count('duration', (c) => inDuration(value, c.totalDurationSeconds)),
    })),
  } as CatalogFacets;
}

const TOPICS = [
  ['Python for Data Science', 'Pandas, NumPy and plots from scratch'],
  ['JavaScript Essentials', 'The language of the web, step by step'],
  ['Machine Learning Basics', 'Regression, classification and evaluation'],
  ['UI Design with Figma', 'Wireframes, components and prototypes'],
  ['React from Scratch', 'Hooks, state and routing'],
  ['Ethical Hacking Fundamentals', 'Networks, scanning and exploits'],
  ['Excel Dashboards', 'Pivot tables and charts for analysts'],
  ['Flutter Mobile Apps', 'Build apps for Android and iOS'],
] as const;
const CATEGORIES_USED = ['Data Science', 'Web Development', 'AI/ML', 'UI UX Designing', 'Ethical Hacking'] as const;
const PRICES = [0, 199, 499, 500, 999, 1000, 2999, 0, 750];
/** Most courses in English, some in Hindi, one in Tamil (issue #29). */
const LANGUAGES_USED = ['en', 'hi', 'en', 'en', 'hi', 'ta', 'en'] as const;
const DURATIONS: (number | null)[] = [null, 1800, 2 * HOUR - 1, 2 * HOUR, 5 * HOUR, 6 * HOUR, 9 * HOUR];
/** Ratings per course: none, one 5, a 4.5, a 4.45 (shown 4.5, half up), a 3.9, a 2. */
const RATINGS: number[][] = [
  [],
  [5],
  [4, 5],
  [...Array(9).fill(5), ...Array(11).fill(4)],
  [4, 4, 4, 4, 4, 4, 4, 4, 4, 3],
  [2],
];

describe('browsing the catalogue', async () => {
  const app = await buildTestApp();
  const asha = await createUser(app, { role: 'educator', name: 'Asha Verma' });
  const ravi = await createUser(app, { role: 'educator', name: 'Ravi Kumar' });
  const learners = await Promise.all(Array.from({ length: 20 }, () => createUser(app)));
  const ids: string[] = [];
  for (let i = 0; i < 36; i++) {
    const [title, subTitle] = TOPICS[i % TOPICS.length];
    const course = await createCourse(app, i % 3 === 0 ? asha.id : ravi.id, {
      title: `${title} ${i}`,
      subTitle,
      category: CATEGORIES_USED[i % CATEGORIES_USED.length],
      level: LEVELS[i % 3],
      language: LANGUAGES_USED[i % LANGUAGES_USED.length],
      price: PRICES[i % PRICES.length],
      isPublished: i % 11 !== 10,
    });
    ids.push(course.id);
    const seconds = DURATIONS[i % DURATIONS.length];
    if (seconds !== null) {
      // Two lectures with a known duration and one still unprocessed (no duration: not counted).
      await app.db.execute(sql`insert into lectures (course_id, lecture_title, position, duration_seconds)
        values (${course.id}, 'One', 0, ${seconds / 2}), (${course.id}, 'Two', 1, ${seconds / 2}),
               (${course.id}, 'Three', 2, null)`);
    }
    for (const [n, rating] of RATINGS[i % RATINGS.length].entries()) {
      await app.db.execute(sql`insert into reviews (course_id, user_id, rating, comment)
        values (${course.id}, ${learners[n].id}, ${rating}, 'ok')`);
    }
    for (const learner of learners.slice(0, (i * 7) % 13)) {
      await app.db.execute(
        sql`insert into enrollments (user_id, course_id, amount_paid) values (${learner.id}, ${course.id}, 0)`,
      );
    }
  }
  // Some without a level, one published without a price: in no value of those facets.
  await app.db.execute(sql`update courses set level = null where id = any(${sql.param(ids.slice(0, 4))}::uuid[])`);
  await app.db.execute(sql`update courses set price = null where id = ${ids[5]}`);
  // Ties on time (to the microsecond) for a third of them: the keysets must still be total.
  await app.db.execute(sql`update courses set created_at = timestamptz '2026-05-01 10:00:00.123456+00'
    where id = any(${sql.param(ids.filter((_, i) => i % 3 === 1))}::uuid[])`);

  const everything = async () => (await allPages(app, 'limit=100')).cards;

  it('carries the duration, rating and review count on every card', async () => {
    const cards = await everything();
    const byId = new Map(cards.map((c) => [c._id, c]));
    expect(byId.get(ids[0])).toMatchObject({ totalDurationSeconds: null, reviewCount: 0, avgRating: 0 });
    expect(byId.get(ids[1])).toMatchObject({ totalDurationSeconds: 1800, reviewCount: 1, avgRating: 5 });
    expect(byId.get(ids[3])).toMatchObject({ totalDurationSeconds: 7200, reviewCount: 20, avgRating: 4.5 });
    // The educator's own list price, struck through on the card (only above a price that is not free).
    await app.db.execute(
      sql`update courses set list_price = 999 where id = any(${sql.param([ids[0], ids[2]])}::uuid[])`,
    );
    const priced = new Map((await everything()).map((c) => [c._id, c]));
    expect(priced.get(ids[2])).toMatchObject({ price: 499, listPrice: 999 });
    expect(priced.get(ids[0])).toMatchObject({ price: 0, listPrice: null });
    // The full course answer says the same.
    const full = (await app.inject(`/api/course/getcourse/${ids[4]}`)).json();
    expect(full.totalDurationSeconds).toBe(5 * HOUR);
  });

  it('applies each filter, alone and together, with the total and the facets', async () => {
    const cards = await everything();
    const cases: Filters[] = [
      ...LEVELS.map((level) => ({ level: [level] })),
      { level: ['Beginner', 'Advanced'] },
      { language: ['hi'] },
      { language: ['hi', 'ta'] },
      { language: ['bn'] },
      ...PRICE_BANDS.map((price) => ({ price })),
      ...[4.5, 4, 3, 0.5].map((minRating) => ({ minRating })),
      ...DURATION_BANDS.map((duration) => ({ duration: [duration] })),
      { duration: ['0-2', '6-'] },
      { category: ['Data Science', 'AI/ML'], level: ['Beginner'], price: 'paid' },
      { level: ['Intermediate', 'Advanced'], minRating: 4, duration: ['2-6', '6-'] },
      { category: ['Web Development'], price: '0-500', minRating: 4.5, duration: ['0-2'] },
      { language: ['hi'], level: ['Beginner', 'Intermediate'], price: 'paid', duration: ['2-6', '6-'] },
    ];
    for (const f of cases) {
      const { cards: got, first } = await allPages(app, `${toQuery(f)}&limit=4`);
      const expected = cards.filter((c) => keeps(c, f));
      expect(
        got.map((c) => c._id),
        JSON.stringify(f),
      ).toEqual(expected.map((c) => c._id));
      expect(first.total, JSON.stringify(f)).toBe(expected.length);
      expect(first.facets, JSON.stringify(f)).toEqual(
        expectedFacets(
          cards,
          f,
          first.facets.category.map((c) => c.value),
        ),
      );
    }
    // A 4.45 average is shown as 4.5, so "4.5 and up" includes it.
    const { cards: top } = await allPages(app, 'minRating=4.5');
    expect(top.map((c) => c._id)).toContain(ids[3]);
  });

  it('finds courses by title, subtitle or educator name, with typos', async () => {
    const cards = await everything();
    const titled = (word: string) => cards.filter((c) => c.title.toLowerCase().includes(word)).map((c) => c._id);
    const search = async (q: string, extra = '') =>
      (await allPages(app, `q=${encodeURIComponent(q)}${extra}`)).cards.map((c) => c._id).sort();
    expect(await search('python')).toEqual(titled('python').sort());
    for (const typo of ['pyhton', 'pythn', 'Pyton', 'javscript', 'javascrpit', 'machne lerning', 'figam', 'reactt']) {
      const expected = { pyhton: 'python', pythn: 'python', Pyton: 'python', javscript: 'javascript' }[typo];
      const got = await search(typo);
      expect(got.length, typo).toBeGreaterThan(0);
      if (expected) expect(got, typo).toEqual(titled(expected).sort());
    }
    // The subtitle counts, and every word must match somewhere.
    expect(await search('pivot tables')).toEqual(titled('excel').sort());
    expect(await search('python pivot')).toEqual([]);
    // The educator's name, also misspelt, alone or with a topic.
    const ashas = (await allPages(app, `creator=${asha.id}`)).cards.map((c) => c._id).sort();
    expect(await search('asha verma')).toEqual(ashas);
    expect(await search('Asha Vemra')).toEqual(ashas);
    const ashaPython = cards.filter((c) => ashas.includes(c._id) && /python/i.test(c.title)).map((c) => c._id);
    expect(ashaPython.length).toBeGreaterThan(0);
    expect(await search('python asha')).toEqual(ashaPython.sort());
    // Short words are whole words: "ui" is not the "ui" in "build".
    expect(await search('ui')).toEqual(titled('ui design').sort());
    expect(await search('zzzqqq')).toEqual([]);
    // With filters, the facets count within the keyword.
    const first = await page(app, 'q=python&level=Beginner');
    const pythons = cards.filter((c) => /python/i.test(c.title));
    expect(first.total).toBe(pythons.filter((c) => c.level === 'Beginner').length);
    expect(first.facets.level.find((l) => l.value === 'Advanced')?.count).toBe(
      pythons.filter((c) => c.level === 'Advanced').length,
    );
    const empty = await page(app, 'q=zzzqqq');
    expect(empty).toMatchObject({ courses: [], total: 0, nextCursor: null });
  });

  it('finds an educator by a new name as soon as it changes', async () => {
    await app.db.execute(sql`update users set name = 'Ravi Shankar' where id = ${ravi.id}`);
    const found = (await allPages(app, 'q=shankar')).cards.map((c) => c._id).sort();
    expect(found).toEqual((await allPages(app, `creator=${ravi.id}`)).cards.map((c) => c._id).sort());
    expect((await page(app, 'q=kumar')).total).toBe(0);
    await app.db.execute(sql`update users set name = 'Ravi Kumar' where id = ${ravi.id}`);
  });

  /** Each order's reference: the courses' keys as the database holds them, sorted in JS. */
  async function referenceOrder(sort: string, among: Set<string>) {
    const rows = (
      await app.db.execute<{ id: string; created: string; enrolled: number; rating: number; price: number | null }>(
        sql`select course_id as id, created_at::text as created, enrolled, rating, price from course_rank where listed`,
      )
    ).rows.filter((r) => among.has(r.id));
    const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const newest = (a: (typeof rows)[0], b: (typeof rows)[0]) => text(b.created, a.created) || text(a.id, b.id);
    const compare = {
      newest,
      popular: (a: (typeof rows)[0], b: (typeof rows)[0]) =>
        b.enrolled - a.enrolled || b.rating - a.rating || newest(a, b),
      rating: (a: (typeof rows)[0], b: (typeof rows)[0]) =>
        b.rating - a.rating || b.enrolled - a.enrolled || newest(a, b),
      'price-asc': (a: (typeof rows)[0], b: (typeof rows)[0]) =>
        (a.price ?? 2 ** 31 - 1) - (b.price ?? 2 ** 31 - 1) || newest(a, b),
      'price-desc': (a: (typeof rows)[0], b: (typeof rows)[0]) => (b.price ?? -1) - (a.price ?? -1) || newest(a, b),
    }[sort]!;
    return rows.sort(compare).map((r) => r.id);
  }

  for (const sort of ['newest', 'popular', 'rating', 'price-asc', 'price-desc']) {
    it(`pages by ${sort} with a keyset: no repeats and no gaps while courses are published`, async () => {
      const before = new Set((await everything()).map((c) => c._id));
      const expected = await referenceOrder(sort, before);
      let made = 0;
      const { cards } = await allPages(app, `sort=${sort}&limit=4`, async () => {
        // Between pages: a new course (newest of all, priced at either end, no learners) and an old
        // draft published (its creation time in the middle of the pages already read).
        made++;
        await createCourse(app, ravi.id, { title: `Fresh ${sort} ${made}`, price: made % 2 ? 0 : 4999 });
        await app.db.execute(sql`update courses set is_published = true
          where id = (select id from courses where not is_published order by id limit 1)`);
      });
      const seen = cards.map((c) => c._id);
      expect(new Set(seen).size, 'no course twice').toBe(seen.length);
      // The courses there at the start, every one of them, in the order's sequence.
      expect(seen.filter((id) => before.has(id))).toEqual(expected);
      expect(made).toBeGreaterThan(2);
    });
  }

  it('keeps the spec’s catalogue on snapshots, with facets, and old cursors working', async () => {
    const first = await app.inject('/api/course/catalog?limit=3');
    expect(first.headers.etag).toMatch(/^W\/"v\d+"$/);
    const body = catalogPageSchema.parse(first.json());
    expect(body.facets.category.reduce((sum, c) => sum + c.count, 0)).toBe(body.total);
    // A newest-first cursor is the creation time and the id, as before browsing existed.
    expect(Buffer.from(body.nextCursor!, 'base64url').toString()).toMatch(/^\d{4}-.+\|[0-9a-f-]{36}$/);
    const browsed = await page(app, 'sort=newest&level=Beginner&level=Intermediate&level=Advanced&limit=3');
    const all = await everything();
    expect(browsed.courses.map((c) => c._id)).toEqual(
      all
        .filter((c) => c.level !== null)
        .slice(0, 3)
        .map((c) => c._id),
    );
  });

  it('finds matches too few to walk the order for (collected first), with or without a keyword', async () => {
    // Enough courses that a page of 100 for one match would walk too far (WALK_MAX, courses.browse.ts).
    await app.db.execute(sql`insert into courses (creator_id, title, category, level, price, is_published)
      select ${ravi.id}::uuid, 'Bulk course ' || n, 'Others', 'Beginner', 100 * n, true from generate_series(1, 60) n`);
    expect((await page(app, 'limit=1')).total * 101).toBeGreaterThan(4000);
    const cards = await everything();
    const band = (price: number | null) => PRICE_BANDS.slice(2).find((b) => inPrice(b, price));
    // A combination only one course has: its page reads the matches first, then sorts them.
    const singles = cards
      .map((c) => ({ category: [c.category], level: c.level ? [c.level] : undefined, price: band(c.price) }) as Filters)
      .filter((f) => f.price && f.level && cards.filter((c) => keeps(c, f)).length === 1);
    expect(singles.length).toBeGreaterThan(0);
    for (const f of singles.slice(0, 3)) {
      for (const sort of ['newest', 'rating', 'price-desc']) {
        const got = await page(app, `${toQuery(f)}&sort=${sort}&limit=100`);
        expect(
          got.courses.map((c) => c._id),
          JSON.stringify(f),
        ).toEqual(cards.filter((c) => keeps(c, f)).map((c) => c._id));
        expect(got.total).toBe(1);
      }
    }
    const got = await page(app, 'q=python%200&limit=100');
    expect(got.courses.map((c) => c._id)).toEqual([ids[0]]);
  });

  it('follows every change that moves a facet or a keyword, and an enrolment moves none', async () => {
    const count = async (query: string, facet: keyof CatalogPage['facets'], value: string | number) =>
      (await page(app, query)).facets[facet].find((f) => f.value === value)?.count;
    const before = await count('q=zebra', 'level', 'Advanced');
    expect(before).toBe(0);
    // A course renamed into the keyword, at a level the facet counts.
    await app.db.execute(sql`update courses set title = 'Zebra stripes', level = 'Advanced' where id = ${ids[6]}`);
    expect(await count('q=zebra', 'level', 'Advanced')).toBe(1);
    expect((await page(app, 'q=zebra')).total).toBe(1);
    // A review that lifts it into "4.5 and up" (its one review before: none).
    const rated = await count('', 'rating', 4.5);
    await app.db.execute(
      sql`insert into reviews (course_id, user_id, rating, comment) values (${ids[6]}, ${learners[19].id}, 5, 'ok')`,
    );
    expect(await count('', 'rating', 4.5)).toBe(rated! + 1);
    // Unpublished: gone from the counts and the keyword.
    await app.db.execute(sql`update courses set is_published = false where id = ${ids[6]}`);
    expect((await page(app, 'q=zebra')).total).toBe(0);
    expect(await count('', 'rating', 4.5)).toBe(rated);
    // An enrolment changes no facet: the same answer.
    const facets = (await page(app, 'level=Beginner')).facets;
    await app.db.execute(
      sql`insert into enrollments (user_id, course_id, amount_paid) values (${learners[19].id}, ${ids[1]}, 0)`,
    );
    expect((await page(app, 'level=Beginner')).facets).toEqual(facets);
    await app.db.execute(sql`update courses set is_published = true where id = ${ids[6]}`);
  });

  it('keeps the facet counts and the vocabulary exact through every write above, and after a bulk load', async () => {
    // Recounted from course_rank, which its own triggers keep (and checked against reviews too).
    const kept = await app.db.execute(sql`select category, level, language, price_band, rating10, duration_band, n
      from catalog_facet_counts where n <> 0 order by 1, 2, 3, 4, 5, 6`);
    const recount = await app.db.execute(sql`select coalesce(category, '') as category, coalesce(level, '') as level,
        coalesce(language, '') as language, coalesce(catalog_price_band(price), -1) as price_band, coalesce(catalog_rating10(rating_sum, reviews), -1) as rating10,
        coalesce(catalog_duration_band(duration_seconds), -1) as duration_band, count(*)::int as n
      from course_rank where listed group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`);
    expect(kept.rows).toEqual(recount.rows);
    const vocabulary = await app.db.execute(sql`select word, n from catalog_vocabulary where n <> 0 order by word`);
    const words = await app.db.execute(sql`select w as word, count(*)::int as n
      from course_rank, unnest(tsvector_to_array(words)) w where listed group by w order by w`);
    expect(vocabulary.rows).toEqual(words.rows);
    const drift = await app.db.execute(sql`select r.course_id from course_rank r
      left join (select course_id, count(*)::int n, sum(rating)::int s from reviews group by course_id) v using (course_id)
      where r.reviews <> coalesce(v.n, 0) or r.rating_sum <> coalesce(v.s, 0)`);
    expect(drift.rows).toEqual([]);

    // A bulk load with the triggers off leaves all of it behind; reindexAll (the seeds' bulk path)
    // counts it again: the same words, lengths, counts and vocabulary.
    const rank = async () =>
      (await app.db.execute(sql`select course_id, language, words::text, duration_seconds from course_rank order by 1`))
        .rows;
    const rankBefore = await rank();
    await app.db.execute(sql`update course_rank set language = null, words = null, duration_seconds = null`);
    await app.db.execute(sql`delete from catalog_facet_counts`);
    await app.db.execute(sql`delete from catalog_vocabulary`);
    await reindexAll(app.db);
    expect(await rank()).toEqual(rankBefore);
    expect(
      (
        await app.db.execute(sql`select category, level, language, price_band, rating10, duration_band, n
      from catalog_facet_counts where n <> 0 order by 1, 2, 3, 4, 5, 6`)
      ).rows,
    ).toEqual(kept.rows);
    expect((await app.db.execute(sql`select word, n from catalog_vocabulary where n <> 0 order by word`)).rows).toEqual(
      vocabulary.rows,
    );
  });

  it('answers 400 with a clear message for bad parameters', async () => {
    const newest = await page(app, 'limit=2');
    const cases: [string, RegExp][] = [
      ['level=Expert', /level must be Beginner, Intermediate or Advanced/],
      ['language=Hindi', /language must be one of en, hi, bn/],
      ['price=cheap', /price must be one of free, paid, 0-500, 500-1000, 1000-/],
      ['minRating=6', /minRating must be a number from 0 to 5/],
      ['minRating=abc', /minRating must be a number/],
      ['minRating=4.25', /at most one decimal/],
      ['duration=1-3', /duration must be one of 0-2, 2-6, 6-/],
      ['sort=best', /sort must be one of newest, popular, rating, price-asc, price-desc/],
      [`q=${'x'.repeat(101)}`, /q must be 100 characters or fewer/],
      ['q=a%00b', /q must not contain control characters/],
      // A cursor of one order is not a cursor of another.
      [`sort=price-asc&cursor=${newest.nextCursor}`, /out of date; start from the first page/],
      ['sort=rating&cursor=cmF0aW5nfHh8eXx6fHc', /out of date; start from the first page/],
    ];
    for (const [query, message] of cases) {
      const res = await app.inject(`/api/course/catalog?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });
});
