import { type CourseLanguage, DEFAULT_LANGUAGE, LANGUAGES } from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../../../core/db/client.ts';
import { acronymsOf, markAcronym } from './search.acronyms.ts';
import { queueReembed, type ReembedQueue } from './search.embedder.ts';
import { soundTerms } from './search.phonetic.ts';
import { specificity } from './search.scoring.ts';
import { canonicalize, isIndexableWord, words } from './search.text.ts';
import { DOCS_TERM, FORMAT_TERM, VERSION_TERM } from './search.types.ts';
import { embed, quantize, wordVectors } from './search.vectors.ts';

/**
 * Index freshness. `reindexCourse` brings one course's row of `course_search` up to date
 * (or removes it when the course is gone or unpublished) and adjusts the vocabulary
 * statistics in `search_terms`. The courses and lectures services call it after every
 * change; `reindexAll` rebuilds everything (backfill, repair). Nothing is rebuilt per query.
 */

/**
 * What `buildDoc` writes: bump it whenever that changes (new marked terms, other labels), and
 * every instance brings an older index up to date in place at start (`upgradeIndexFormat`).
 * 2: acronyms labelled by field, phonetic keys.
 * 3: plural acronyms singular ("LLMs" → llm), negated compounds ("no-code", "non-programmers").
 * 4: text in other scripts read into Latin words (Devanagari by sound: search.translit.ts), and the
 *    language a course is taught in, by name, at the end of its description ("hindi").
 */
export const INDEX_FORMAT = 4;

interface CourseRow {
  id: string;
  title: string;
  sub_title: string;
  description: string;
  category: string;
  level: string | null;
  price: number | null;
  is_published: boolean;
  lectures: string | null;
  /** The language the course is taught in (LANGUAGE_CODES); absent in rows read before it existed. */
  language?: string | null;
}

interface IndexedDoc {
  id: string;
  title: string;
  subTitle: string;
  categoryText: string;
  description: string;
  /** Marked acronyms of the runs of the title (A), the subtitle (B) and the rest (C). */
  acronymFields: [string, string, string];
  category: string;
  level: string | null;
  price: number | null;
  terms: string[];
  embedding: string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The English name of the language a course is taught in, lower case, when it is not English: from
 * its `language`, or, while that is the default, from its script (a title written in Devanagari is
 * a course in Hindi).
 */
export function languageName(c: Pick<CourseRow, 'language' | 'title' | 'sub_title'>): string {
  const code = c.language && c.language !== DEFAULT_LANGUAGE ? c.language : undefined;
  if (code && code in LANGUAGES) return LANGUAGES[code as CourseLanguage].english.toLowerCase();
  const letters = `${c.title} ${c.sub_title}`.match(/\p{L}/gu) ?? [];
  const devanagari = letters.filter((ch) => /[\u0900-\u097f]/.test(ch)).length;
  return devanagari * 2 > letters.length ? LANGUAGES.hi.english.toLowerCase() : '';
}

/** The canonical texts, the distinct words and the embedding of a course. */
export function buildDoc(c: CourseRow): IndexedDoc {
  const title = canonicalize(c.title);
  const subTitle = canonicalize(c.sub_title);
  const category = canonicalize(c.category);
  const lectures = canonicalize(c.lectures ?? '');
  // The language a course is taught in ("python in hindi"), said as its description would say it:
  // the weakest field, so that it orders courses of one subject without outranking the subject.
  const description = [canonicalize(c.description), languageName(c)].filter(Boolean).join(' ');
  const terms = new Set<string>([DOCS_TERM]);
  for (const text of [title, subTitle, category, lectures, description]) {
    for (const w of words(text)) if (isIndexableWord(w)) terms.add(w);
  }
  // Initials of the course's multi-word terms, searchable as marked words (search.acronyms.ts),
  // labelled by where they come from: a term of the title names the course, while most runs
  // of lecture titles and description are chance initials.
  const acronymFields = [c.title, c.sub_title, [c.lectures ?? '', c.description].join(' . ')].map((text) =>
    [...acronymsOf(text)].map(markAcronym).sort(),
  );
  for (const w of [...terms]) for (const s of soundTerms(w)) terms.add(s);
  for (const a of acronymFields.flat()) terms.add(a);
  let embedding: string | null = null;
  const v = wordVectors();
  if (v) {
    const weighted: [string, number][] = [];
    for (const [text, fieldWeight] of [
      [title, 3],
      [subTitle, 2],
      [category, 1],
      [lectures, 1],
      [description, 1],
    ] as const) {
      for (const w of words(text)) weighted.push([w, fieldWeight]);
    }
    // Each occurrence contributes; frequent words count less.
    const acc = new Map<string, number>();
    for (const [w, fw] of weighted) acc.set(w, (acc.get(w) ?? 0) + fw);
    const vec = embed(v, acc.keys(), (w, rank) => (acc.get(w) ?? 0) * specificity(rank) ** 2);
    if (vec) embedding = Buffer.from(quantize(vec)).toString('hex');
  }
  return {
    id: c.id,
    title,
    subTitle,
    categoryText: [category, lectures].filter(Boolean).join(' . '),
    description,
    acronymFields: acronymFields.map((list) => list.join(' ')) as IndexedDoc['acronymFields'],
    category: c.category,
    level: c.level,
    price: c.price,
    terms: [...terms].sort(),
    embedding,
  };
}

/**
 * Re-indexes the given courses in one transaction (bulk: a few statements per call); with an
 * external embedder, its `reembed` queue gets their re-embedding in the same transaction (none
 * given: a bulk load, which the embedder's sweeps at start and every REPAIR_INTERVAL_MS cover).
 */
export async function reindexCourses(
  db: DbOrTx,
  courseIds: string[],
  reembed: ReembedQueue | null = null,
): Promise<void> {
  const ids = [...new Set(courseIds)].sort();
  if (ids.length === 0) return;
  await db.transaction(async (tx) => {
    const { courses, indexed } = await lockAndRead(tx, ids);
    const docs = courses.filter((c) => c.is_published).map(buildDoc);
    const keep = new Set(docs.map((d) => d.id));
    const removed = indexed.filter((e) => !keep.has(e.course_id)).map((e) => e.course_id);
    const delta = termDelta(docs, indexed, removed);
    await removeFromIndex(tx, removed);
    await writeDocs(tx, docs);
    // External embedder (search.embedder.ts): these courses are re-embedded by a job queued in this transaction.
    await queueReembed(
      reembed,
      tx,
      docs.map((d) => d.id),
    );
    delta.set(VERSION_TERM, (delta.get(VERSION_TERM) ?? 0) + 1);
    await applyTermDelta(tx, delta);
  });
}

const idList = (ids: string[]) => sql`(select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`;

/** Locks the courses' index rows for this transaction, then reads the courses and what is indexed of them now. */
async function lockAndRead(tx: DbOrTx, ids: string[]) {
  // Serialise concurrent re-indexing of the same course (both drivers support this).
  await tx.execute(
    sql`select pg_advisory_xact_lock(727301, hashtext(id)) from json_array_elements_text(${JSON.stringify(ids)}::json) as t(id) order by id`,
  );
  const courses = rowsOf<CourseRow>(
    await tx.execute(sql`
      select c.id, c.title, c.sub_title, c.description, c.category, c.level, c.price, c.is_published, c.language,
        (select string_agg(l.lecture_title, ' . ' order by l.position, l.created_at) from lectures l where l.course_id = c.id) as lectures
      from courses c
      where c.id in ${idList(ids)}`),
  );
  const indexed = rowsOf<{ course_id: string; terms: string[] | string }>(
    await tx.execute(sql`
      select course_id, terms from course_search
      where course_id in ${idList(ids)}
      for update`),
  );
  return { courses, indexed };
}

/** How each word's course count (search_terms.df) changes: words a course gains or loses, and all of a removed course's. */
function termDelta(
  docs: IndexedDoc[],
  indexed: { course_id: string; terms: string[] | string }[],
  removed: string[],
): Map<string, number> {
  const delta = new Map<string, number>();
  const bump = (t: string, n: number) => delta.set(t, (delta.get(t) ?? 0) + n);
  const oldTerms = new Map(indexed.map((e) => [e.course_id, new Set(pgTextArray(e.terms))]));
  for (const d of docs) {
    const old = oldTerms.get(d.id) ?? new Set<string>();
    const now = new Set(d.terms);
    for (const t of now) if (!old.has(t)) bump(t, 1);
    for (const t of old) if (!now.has(t)) bump(t, -1);
  }
  for (const id of removed) for (const t of oldTerms.get(id) ?? []) bump(t, -1);
  return delta;
}

/** Courses gone or unpublished leave the index. */
async function removeFromIndex(tx: DbOrTx, courseIds: string[]) {
  if (courseIds.length === 0) return;
  await tx.execute(sql`delete from course_search where course_id in ${idList(courseIds)}`);
}

/** Writes the published courses' index rows (the weighted text vectors, the terms, the filters, the embedding). */
async function writeDocs(tx: DbOrTx, docs: IndexedDoc[]) {
  if (docs.length === 0) return;
  await tx.execute(sql`
    insert into course_search (course_id, tsv, tsv_head, acronyms, terms, category, level, price, embedding, updated_at)
    select d.id,
      h.v || setweight(to_tsvector('english', d.category_text), 'C') || setweight(to_tsvector('english', d.description), 'D'),
      h.v,
      setweight(to_tsvector('english', d.acr_a), 'A') || setweight(to_tsvector('english', d.acr_b), 'B') ||
        setweight(to_tsvector('english', d.acr_c), 'C'),
      array(select json_array_elements_text(d.terms)),
      d.category, d.level, d.price,
      case when d.embedding is null then null else decode(d.embedding, 'hex') end,
      now()
    from json_to_recordset(${JSON.stringify(
      docs.map((d) => ({
        id: d.id,
        title: d.title,
        sub_title: d.subTitle,
        category_text: d.categoryText,
        description: d.description,
        acr_a: d.acronymFields[0],
        acr_b: d.acronymFields[1],
        acr_c: d.acronymFields[2],
        terms: d.terms,
        category: d.category,
        level: d.level,
        price: d.price,
        embedding: d.embedding,
      })),
    )}::json) as d(id uuid, title text, sub_title text, category_text text, description text,
                   acr_a text, acr_b text, acr_c text, terms json,
                   category text, level text, price int, embedding text)
    -- The mined acronyms go to a column of their own, labelled by the field they come from:
    -- matched by retrieval, read only with the candidates they matched.
    cross join lateral (select setweight(to_tsvector('english', d.title), 'A') || setweight(to_tsvector('english', d.sub_title), 'B') as v) h
    on conflict (course_id) do update set
      tsv = excluded.tsv, tsv_head = excluded.tsv_head, acronyms = excluded.acronyms, terms = excluded.terms, category = excluded.category, level = excluded.level,
      price = excluded.price, embedding = excluded.embedding, updated_at = excluded.updated_at`);
}

/** Applies the words' count changes to search_terms (in term order, so concurrent writers lock alike); a word no course has left goes. */
async function applyTermDelta(tx: DbOrTx, delta: Map<string, number>) {
  const changes = [...delta].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (changes.length === 0) return;
  await tx.execute(sql`
    insert into search_terms (term, lexeme, df)
    select c.term,
      case when c.term like '#%' then null else (tsvector_to_array(to_tsvector('english', c.term)))[1] end,
      c.n
    from json_to_recordset(${JSON.stringify(changes.map(([term, n]) => ({ term, n })))}::json) as c(term text, n int)
    order by c.term
    on conflict (term) do update set df = search_terms.df + excluded.df`);
  const gone = changes.filter(([, n]) => n < 0).map(([t]) => t);
  if (gone.length) {
    await tx.execute(
      sql`delete from search_terms where df <= 0 and term in (select json_array_elements_text(${JSON.stringify(gone)}::json))`,
    );
  }
}

/** PostgreSQL text[] from either driver (node-pg parses it; some paths give the literal). */
function pgTextArray(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  if (!v || v === '{}') return [];
  return v
    .slice(1, -1)
    .split(',')
    .map((s) => s.replace(/^"(.*)"$/, '$1').replace(/\\(.)/g, '$1'));
}

/**
 * Brings the search index of one course up to date (removes it when gone or unpublished).
 * `reembed`: the app's `searchReembed` (null with the local embedder).
 */
export async function reindexCourse(db: DbOrTx, courseId: string, reembed: ReembedQueue | null): Promise<void> {
  await reindexCourses(db, [courseId], reembed);
}

/** The GIN indexes of the search tables (schema: `fastupdate` off, for PGlite has no autovacuum). */
const GIN_INDEXES = [
  'course_search_tsv_idx',
  'course_search_tsv_head_idx',
  'course_search_acronyms_idx',
  'search_terms_trgm_idx',
];

/** Re-indexes every published course in batches, each its own transaction; returns how many. */
async function reindexPublished(
  db: DbOrTx,
  batchSize: number,
  onProgress?: (done: number) => void,
  reembed: ReembedQueue | null = null,
): Promise<number> {
  let total = 0;
  let last = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = rowsOf<{ id: string }>(
      await db.execute(
        sql`select id from courses where is_published and id > ${last}::uuid order by id limit ${batchSize}`,
      ),
    );
    if (batch.length === 0) return total;
    await reindexCourses(
      db,
      batch.map((b) => b.id),
      reembed,
    );
    total += batch.length;
    last = batch[batch.length - 1].id;
    onProgress?.(total);
  }
}

/** Publishes that the whole index is of the current format (e.g. after indexing every course). */
export async function markIndexCurrent(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    insert into search_terms (term, lexeme, df) values (${FORMAT_TERM}, null, ${INDEX_FORMAT})
    on conflict (term) do update set df = excluded.df`);
}

/**
 * Whether the index was built by this format: an empty index just gets it ('current'); an
 * index built by an older one is 'stale' until `upgradeIndexFormat` has run.
 */
export async function checkIndexFormat(db: DbOrTx): Promise<'current' | 'stale'> {
  const [row] = rowsOf<{ format: number | null; indexed: boolean }>(
    await db.execute(sql`
      select (select df from search_terms where term = ${FORMAT_TERM}) as format,
        exists (select 1 from course_search) as indexed`),
  );
  if (Number(row?.format) === INDEX_FORMAT) return 'current';
  if (row?.indexed) return 'stale';
  await markIndexCurrent(db);
  return 'current';
}

/**
 * Brings a stale index up to date without a gap in answers: every published course is
 * re-indexed in place, in batches (each its own short transaction), then the format is
 * published. Safe on several instances at once (re-indexing serialises per course).
 */
export async function upgradeIndexFormat(
  db: DbOrTx,
  reembed: ReembedQueue | null = null,
  batchSize = 200,
): Promise<number> {
  const total = await reindexPublished(db, batchSize, undefined, reembed);
  await markIndexCurrent(db);
  await compactIndex(db);
  return total;
}

/** After rewriting every row: PGlite runs no autovacuum, and its scans would stay slow. */
async function compactIndex(db: DbOrTx): Promise<void> {
  await db.execute(sql`vacuum analyze course_search`);
  await db.execute(sql`vacuum analyze search_terms`);
}

/**
 * Recounts `course_rank` (the listing of queries without a topic, schema/search.ts, and the
 * catalogue's filters) from the courses, lectures, reviews and enrolments, and the catalogue's
 * facet counts and vocabulary from it. Its triggers keep it current with every write; a bulk load
 * with triggers off (`session_replication_role = replica`) leaves it behind until this runs.
 */
export async function recountCourseRank(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    insert into course_rank (course_id, listed, category, level, language, price, created_at, reviews, rating_sum, enrolled)
    select c.id, c.is_published, c.category, c.level, c.language, c.price, c.created_at,
      coalesce(r.n, 0), coalesce(r.s, 0), coalesce(e.n, 0)
    from courses c
    left join (select course_id, count(*)::int as n, sum(rating)::int as s from reviews group by course_id) r on r.course_id = c.id
    left join (select course_id, count(*)::int as n from enrollments group by course_id) e on e.course_id = c.id
    on conflict (course_id) do update set
      listed = excluded.listed, category = excluded.category, level = excluded.level, language = excluded.language,
      price = excluded.price, created_at = excluded.created_at, reviews = excluded.reviews, rating_sum = excluded.rating_sum,
      enrolled = excluded.enrolled`);
  // The catalogue's columns (issue #27, modules/courses/courses.browse.ts): lecture time and words,
  // then its facet counts and vocabulary from them (migrations 0013-0019).
  await db.execute(sql`
    update course_rank r set duration_seconds = d.total
    from (select c.id, (select sum(l.duration_seconds) from lectures l where l.course_id = c.id) as total from courses c) d
    where d.id = r.course_id and r.duration_seconds is distinct from d.total`);
  await db.execute(sql`
    update course_rank r set words = catalog_words(c.title || ' ' || c.sub_title || ' ' || u.name)
    from courses c join users u on u.id = c.creator_id
    where c.id = r.course_id and r.words is distinct from catalog_words(c.title || ' ' || c.sub_title || ' ' || u.name)`);
  await db.execute(sql`select catalog_facet_counts_recount(), catalog_vocabulary_recount()`);
  await db.execute(sql`vacuum analyze course_rank`);
}

/**
 * Rebuilds the whole index from the courses table (backfill after a migration, repair):
 * clears it, then indexes every published course in batches. Meanwhile the GIN indexes take
 * new entries through their pending list, merged in sorted runs (about three times faster than
 * entry by entry, which was most of the build); at the end the list is merged and they go back
 * to direct updates. The listing of queries without a topic is recounted too.
 */
export async function reindexAll(db: DbOrTx, batchSize = 500, onProgress?: (done: number) => void): Promise<number> {
  const fastUpdate = async (on: boolean) => {
    for (const index of GIN_INDEXES) {
      if (!on) await db.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
      await db.execute(sql.raw(`alter index ${index} set (fastupdate = ${on ? 'on' : 'off'})`));
    }
  };
  await fastUpdate(true);
  let total = 0;
  try {
    await db.execute(sql`delete from course_search`);
    // The version stamp survives (and grows), so no cache can mistake the rebuilt index for its own.
    await db.execute(sql`delete from search_terms where term <> ${VERSION_TERM}`);
    total = await reindexPublished(db, batchSize, onProgress);
  } catch (error) {
    // Back to direct updates where the connection still can; the first error is the one to report.
    await fastUpdate(false).catch(() => {});
    throw error;
  }
  await fastUpdate(false);
  await markIndexCurrent(db);
  await compactIndex(db);
  await recountCourseRank(db);
  return total;
}

/**
 * An index built by an older format is brought up to date in the background once the app is
 * ready (app.ts registers this): searches keep answering from the old rows meanwhile.
 */
export const searchIndexUpgradePlugin = fp(
  async (app) => {
    app.addHook('onReady', async () => {
      if ((await checkIndexFormat(app.db)) === 'current') return;
      app.log.info('search index: re-indexing every course for the new index format');
      // Its re-indexing queues the courses' re-embedding as any edit's does.
      upgradeIndexFormat(app.db, app.searchReembed).then(
        (courses) => app.log.info({ courses }, 'search index: upgraded'),
        (error) => app.log.error({ err: error }, 'search index: upgrade failed (next start tries again)'),
      );
    });
  },
  { name: 'search-index-upgrade', dependencies: ['db', 'search-embedder'] },
);
