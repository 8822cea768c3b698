import type { CatalogPage, CatalogQuery } from '@kaksha/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import {
  catalogFacetCounts,
  catalogFacetsVersion,
  courseRank,
  courses,
  lectures,
  users,
} from '../../core/db/schema/index.ts';
import { perDatabase, VersionedMemo } from '../../core/snapshots.ts';
import type { Storage } from '../../core/storage.ts';
import {
  type Cell,
  cubeColumns,
  cubeGroupBy,
  facetsOf,
  filterWhere,
  isBrowsing,
  keywordWhere,
  keywordWords,
  resolveWordsQuery,
  wordQuery,
} from './courses.browse-filters.ts';
import { afterCursor, cursorKeys, cursorOf, decodeCursor, orderBy } from './courses.browse-order.ts';
import { presentCourseCard } from './courses.presenter.ts';
import { averageRating } from './courses.queries.ts';

export { isBrowsing };

/*
 * One page of the catalogue (`GET /api/course/catalog`, issue #27): a keyword, filters, an order,
 * a keyset cursor, the total and the facets. The total and the facets are added up from a cube of
 * counts (courses.browse-filters.ts): the whole catalogue's is catalog_facet_counts (kept by a
 * trigger, a few thousand rows), a keyword's or an educator's is grouped from their courses;
 * either is read once per catalogue version. Pages are read from course_rank (one narrow row per
 * course with every filter and order key, kept by triggers): when the matches are many, through
 * the index of the order, which the page stops in after a few rows; when they are few (the cube
 * says how many), by collecting them and sorting, which walking the index would not do in time.
 * Then the cards of the page's courses are read by id.
 */

/** A cube read at a facets version (read in the same statement). */
interface Cube {
  version: number;
  cells: Cell[];
}

/**
 * What is kept of one database's catalogue (per database handle: a process, a test, may hold several
 * apps, each with its own database whose versions mean nothing to another's).
 */
class Kept {
  /**
   * Cubes per scope, kept while the facets version stays (catalog_facets_version: it moves only when
   * some course's buckets or words change, not with enrolments); keyword scopes are many, so bounded.
   */
  readonly cubes = new VersionedMemo<Cube>(500);
  readonly building = new Map<string, Promise<Cube>>();
  /**
   * The total and facets of a scope's cube for one set of filters, kept with the cube: facetsOf reads
   * every cell (some 10,000 for the whole catalogue once courses have languages), and next pages, other
   * orders and other learners with the same filters ask for the same counts.
   */
  readonly counted = new VersionedMemo<ReturnType<typeof facetsOf>>(2000);
  /** The facets version seen at each catalogue version: one primary-key read after a catalogue change. */
  readonly facetsVersions = new VersionedMemo<Promise<number> | undefined>(1);
  /**
   * The whole catalogue's cube as last read, by cell (its buckets), with the facets version it is
   * exact at: when the version moves, only the cells changed since are read (catalog_facet_counts'
   * `changed_at`, migration 0035) and set in a copy, instead of some 10,000 cells again.
   */
  wholeCatalogue: { version: number; cells: Map<string, Cell> } | undefined;
}
const keptOf = perDatabase(() => new Kept());

/** Rows an index walk may read for one page; past that, matching rows are collected and sorted. */
const WALK_MAX = 4000;

/**
 * The courses a request is about before its filters: all listed ones, one educator's, or those
 * matching a keyword (whose typo forms depend on which of its words the catalogue has: one
 * statement, before the page and the cube). `where` is a condition on course_rank.
 */
async function scopeOf(db: DbOrTx, query: CatalogQuery) {
  const words = keywordWords(query.q);
  const resolved =
    words.length > 0
      ? (await db.execute<{ i: number; known: boolean; corrections: string[] }>(resolveWordsQuery(words))).rows
      : [];
  const queries = resolved.sort((a, b) => a.i - b.i).map((r) => wordQuery(words[r.i], r.known, r.corrections));
  // A word that is neither in the catalogue nor one edit from a word in it: nothing matches.
  const matchless = queries.some((q) => q === null);
  return {
    key: `${query.creator ?? ''}|${matchless ? '∅' : queries.join(' & ')}`,
    where: and(
      query.creator
        ? sql`${courseRank.courseId} in (select ${courses.id} from ${courses} where ${courses.creatorId} = ${query.creator})`
        : undefined,
      matchless ? sql`false` : queries.length > 0 ? keywordWhere(queries as string[]) : undefined,
    ),
  };
}
type Scope = Awaited<ReturnType<typeof scopeOf>>;
const WHOLE_CATALOGUE: Scope = { key: '|', where: undefined };

const facetsVersionNow = sql`(select ${catalogFacetsVersion.version} from ${catalogFacetsVersion} where ${catalogFacetsVersion.id} = 1)`;

/** The facets version as of the catalogue version `version` or later (bigint: text from node-postgres). */
function facetsVersionOf(db: DbOrTx, version: number): Promise<number> {
  const { facetsVersions } = keptOf(db);
  const known = facetsVersions.get(version, '');
  if (known) return known;
  const read = db
    .execute<{ version: string }>(sql`select ${facetsVersionNow} as version`)
    .then((r) => Number(r.rows[0]?.version ?? 0));
  facetsVersions.set(version, '', read);
  // A failed read is not kept: the next request reads again.
  read.catch(() => facetsVersions.set(version, '', undefined));
  return read;
}

const cellKey = (c: Cell) => `${c.category}|${c.level}|${c.language}|${c.price}|${c.rating}|${c.duration}`;

/** The cube of a scope with the facets version it saw: the kept one for the whole catalogue, else grouped. */
async function readCube(db: DbOrTx, scope: Scope, facets: number): Promise<Cube> {
  if (!scope.where) return readWholeCatalogue(db, facets);
  const rows = await db.execute<Cell & { version: number }>(sql`
    select ${cubeColumns('bucket')}, count(*)::int as n, ${facetsVersionNow} as version
    from ${courseRank}
    where ${courseRank.listed} and ${scope.where}
    group by ${cubeGroupBy()}`);
  const cells = rows.rows;
  // bigint: text from node-postgres. An empty scope has no row to carry it: the request's stands in.
  return { version: cells.length > 0 ? Number(cells[0].version) : -1, cells };
}

/**
 * The whole catalogue's cube: every cell the first time, then the cells changed since the kept
 * copy's version, each with its count (absolute, so a cell read twice is no harm). The version
 * the copy is exact at is read in the same statement; with no changed cell, the request's
 * (`facets`, read before) stands in, which is not newer than what was read.
 */
async function readWholeCatalogue(db: DbOrTx, facets: number): Promise<Cube> {
  const kept = keptOf(db);
  const base = kept.wholeCatalogue;
  const since = base?.version;
  const rows = await db.execute<Cell & { version: number }>(sql`
    select ${cubeColumns('stored')}, ${catalogFacetCounts.n} as n, ${facetsVersionNow} as version
    from ${catalogFacetCounts}
    where ${since === undefined ? sql`${catalogFacetCounts.n} > 0` : sql`${catalogFacetCounts.changedAt} > ${since}`}`);
  const version = rows.rows.length > 0 ? Number(rows.rows[0].version) : Math.max(facets, since ?? -1);
  const cells = new Map(base?.cells);
  for (const row of rows.rows) {
    const { version: _read, ...cell } = row;
    if (cell.n > 0) cells.set(cellKey(cell), cell);
    else cells.delete(cellKey(cell));
  }
  if (!kept.wholeCatalogue || kept.wholeCatalogue.version < version) kept.wholeCatalogue = { version, cells };
  return { version, cells: [...cells.values()] };
}

/**
 * The scope's cube as of the catalogue version `version` or later, read once however many requests
 * ask at the same time, and again only when the facets version has moved; `at`: the facets version
 * it is kept under.
 */
async function cubeOf(db: DbOrTx, scope: Scope, version: number): Promise<{ at: number; cells: Cell[] }> {
  const { cubes, building } = keptOf(db);
  const facets = await facetsVersionOf(db, version);
  const known = cubes.get(facets, scope.key);
  if (known) return { at: facets, cells: known.cells };
  const flight = `${facets}:${scope.key}`;
  let pending = building.get(flight);
  if (!pending) {
    pending = readCube(db, scope, facets).finally(() => building.delete(flight));
    building.set(flight, pending);
  }
  const cube = await pending;
  const at = cube.version < 0 ? facets : cube.version;
  cubes.set(at, scope.key, cube);
  return { at, cells: cube.cells };
}

/** The query's total and facets from its scope's cube, counted once per cube and set of filters. */
function countsOf(db: DbOrTx, cube: { at: number; cells: Cell[] }, scope: Scope, query: CatalogQuery) {
  const { counted } = keptOf(db);
  // The filters alone: the scope's key has the keyword and the educator; order and page do not count.
  const { q, creator, cursor, limit, sort, ...filters } = query;
  const key = `${scope.key}|${JSON.stringify(filters)}`;
  let counts = counted.get(cube.at, key);
  if (!counts) {
    counts = facetsOf(cube.cells, query);
    counted.set(cube.at, key, counts);
  }
  return counts;
}

/** Large enough for any catalogue: a LIMIT only to keep the planner from merging the subquery. */
const ALL_ROWS = 1_000_000_000;

/**
 * One page of cards in the query's order, one more than asked (is there a next?), in one statement:
 * the page's rows of course_rank with their course, educator, lecture count and duration (the
 * review count and rating sum are course_rank's own). `few`: the matches are too few to find by
 * walking the order's index; they are collected first (a subquery the LIMIT keeps apart: the
 * planner cannot walk the index through it) and sorted.
 */
function readCards(db: DbOrTx, scope: Scope, query: CatalogQuery, few: boolean) {
  const after = query.cursor ? afterCursor(query.sort, decodeCursor(query.sort, query.cursor)) : undefined;
  const matching = and(sql`${courseRank.listed}`, ...filterWhere(query), scope.where);
  const columns = {
    course: courses,
    creatorName: users.name,
    cursor: sql<string>`${courses.createdAt}::text`,
    keys: cursorKeys(query.sort),
    reviewCount: courseRank.reviews,
    ratingSum: courseRank.ratingSum,
    lectureCount: sql<number>`(select count(*)::int from ${lectures} where ${lectures.courseId} = ${courseRank.courseId})`,
    seconds: sql<
      number | null
    >`(select sum(${lectures.durationSeconds}::float8) from ${lectures} where ${lectures.courseId} = ${courseRank.courseId})`,
  };
  const from = few
    ? (() => {
        const m = db.select({ id: courseRank.courseId }).from(courseRank).where(matching).limit(ALL_ROWS).as('m');
        return db.select(columns).from(m).innerJoin(courseRank, eq(courseRank.courseId, m.id)).where(after).$dynamic();
      })()
    : db.select(columns).from(courseRank).where(and(matching, after)).$dynamic();
  return from
    .innerJoin(courses, eq(courses.id, courseRank.courseId))
    .innerJoin(users, eq(users.id, courses.creatorId))
    .orderBy(...orderBy(query.sort))
    .limit(query.limit + 1);
}

/** One page of the catalogue for `query`, with the total and the facets as of `version` or later. */
export async function catalogPage(
  db: DbOrTx,
  storage: Storage,
  query: CatalogQuery,
  version: number,
): Promise<CatalogPage> {
  const scope = await scopeOf(db, query);
  const [cube, all] = await Promise.all([
    cubeOf(db, scope, version),
    scope.where ? cubeOf(db, WHOLE_CATALOGUE, version) : undefined,
  ]);
  const { total, facets } = countsOf(db, cube, scope, query);
  const listed = (all ?? cube).cells.reduce((sum, cell) => sum + cell.n, 0);
  // Walking the order's index reads about (limit + 1) × listed / total rows before a page is full.
  const few = (query.limit + 1) * listed > WALK_MAX * total;
  const rows = total > 0 || query.cursor ? await readCards(db, scope, query, few) : [];
  const page = rows.slice(0, query.limit);
  const last = rows.length > query.limit ? page.at(-1) : undefined;
  const nextCursor = last ? cursorOf(query.sort, last.keys) : null;
  const cards = page.map((row) =>
    presentCourseCard(storage, {
      ...row,
      avgRating: averageRating(row.ratingSum, row.reviewCount),
      totalDurationSeconds: row.seconds === null ? null : Math.round(row.seconds),
    }),
  );
  return { courses: cards, nextCursor, total, facets };
}

/** The same page as JSON text, for the snapshots of the spec's catalogue (categories, an educator, newest first). */
export async function* catalogPageJson(db: DbOrTx, storage: Storage, query: CatalogQuery, version: number) {
  yield JSON.stringify(await catalogPage(db, storage, query, version));
}
