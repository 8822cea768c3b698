import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db/client.ts';
import { ACRONYM_MARK } from './search.acronyms.ts';
import type { ParsedQuery } from './search.query.ts';
import { type Signals, tsqueryOf } from './search.scoring.ts';
import type { Tuning } from './search.tuning.ts';
import type { LexemeSeq, Prepared, ScoredCourse } from './search.types.ts';

/** Statements of the engine: candidate retrieval, ranking signals, constraint-only listing. */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const json = (v: unknown) => JSON.stringify(v);

export interface CandidateRow {
  course_id: string;
  tsv: string;
  category: string;
  level: string | null;
  price: number | null;
  emb: string | null;
}

export interface RetrievalTerm {
  seq: LexemeSeq;
  weight: number;
}

/** Every matchable expansion of every concept, strongest first, weighted by how much it would count. */
export function retrievalTerms(prepared: Prepared[], t: Tuning): RetrievalTerm[] {
  const terms = new Map<string, RetrievalTerm>();
  const collect = (p: Prepared) => {
    for (const m of p.matchables) {
      const key = tsqueryOf(m.seq);
      const weight = m.strength * p.spec.importance;
      if ((terms.get(key)?.weight ?? -1) < weight) terms.set(key, { seq: m.seq, weight });
    }
    p.parts.forEach(collect);
  };
  prepared.forEach(collect);
  return [...terms.values()].sort((a, b) => b.weight - a.weight).slice(0, t.maxExpansions);
}

/** Whether a retrieval term is a mined acronym (matched in `course_search.acronyms`, not `tsv`). */
const isAcronymTerm = (i: RetrievalTerm) => i.seq.length === 1 && i.seq[0].lexeme.startsWith(ACRONYM_MARK);

/**
 * One full-text retrieval: the OR of the items, matches capped before ranking (so that a very
 * broad query in a catalogue of 100,000 ranks a bounded sample), ranked with the strongest few.
 * Mined acronyms live in a column of their own: only a query with acronym terms matches and
 * ranks it (`tsv || acronyms` ranks exactly as the text with its acronyms), and only a
 * candidate it matched carries them to scoring, appended to its `tsv` text.
 */
async function retrieve(db: DbOrTx, items: RetrievalTerm[], head: boolean, t: Tuning): Promise<CandidateRow[]> {
  const column = sql.raw(head ? 'tsv_head' : 'tsv');
  const match = items.map((i) => tsqueryOf(i.seq)).join(' | ');
  const rank = items
    .slice(0, t.rankTerms)
    .map((i) => tsqueryOf(i.seq))
    .join(' | ');
  // The title/subtitle index has no acronyms.
  const acronyms = head
    ? ''
    : items
        .filter(isAcronymTerm)
        .map((i) => tsqueryOf(i.seq))
        .join(' | ');
  if (!acronyms) {
    return rowsOf<CandidateRow>(
      await db.execute(sql`
        with q as (select to_tsquery('simple', ${match}) as q, to_tsquery('simple', ${rank}) as r),
        m as (select c.course_id, c.${column} as v from course_search c, q where c.${column} @@ q.q limit ${t.matchCap}),
        top as (select m.course_id, ts_rank('{0.1, 0.2, 0.4, 1.0}', m.v, q.r) as r from m, q order by r desc limit ${t.candidates})
        select s.course_id, s.tsv::text as tsv, s.category, s.level, s.price, encode(s.embedding, 'hex') as emb
        from top join course_search s on s.course_id = top.course_id
        order by top.r desc`),
    );
  }
  return rowsOf<CandidateRow>(
    await db.execute(sql`
      with q as (select to_tsquery('simple', ${match}) as q, to_tsquery('simple', ${rank}) as r, to_tsquery('simple', ${acronyms}) as a),
      m as (select c.course_id, c.tsv || c.acronyms as v from course_search c, q where c.tsv @@ q.q or c.acronyms @@ q.a limit ${t.matchCap}),
      top as (select m.course_id, ts_rank('{0.1, 0.2, 0.4, 1.0}', m.v, q.r) as r from m, q order by r desc limit ${t.candidates})
      select s.course_id,
        s.tsv::text || case when s.acronyms @@ q.a then ' ' || s.acronyms::text else '' end as tsv,
        s.category, s.level, s.price, encode(s.embedding, 'hex') as emb
      from top join course_search s on s.course_id = top.course_id cross join q
      order by top.r desc`),
  );
}

/**
 * Lexical candidates: first the strong expansions in titles and subtitles (few rows even in a
 * large catalogue); all fields and all expansions only when that finds too few courses. In a
 * small catalogue one retrieval over all fields is cheaper than two.
 */
export async function lexicalCandidates(
  db: DbOrTx,
  ranked: RetrievalTerm[],
  docs: number,
  t: Tuning,
): Promise<CandidateRow[]> {
  const strong = ranked.filter((r) => r.weight >= t.strongWeight);
  const small = docs <= t.smallCatalogue;
  let candidates = strong.length && !small ? await retrieve(db, strong.slice(0, t.strongMax), true, t) : [];
  if (candidates.length < t.candidates * t.widenBelow) {
    const seen = new Set(candidates.map((c) => c.course_id));
    const more = await retrieve(db, ranked.slice(0, t.wideMax), false, t);
    candidates = [...candidates, ...more.filter((c) => !seen.has(c.course_id))];
  }
  return candidates;
}

/** The index rows of given courses (candidates found by other means than full-text search), acronyms included. */
export async function candidateRows(db: DbOrTx, ids: string[]): Promise<CandidateRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<CandidateRow>(
    await db.execute(sql`
      select s.course_id, concat_ws(' ', s.tsv::text, nullif(s.acronyms::text, '')) as tsv,
        s.category, s.level, s.price, encode(s.embedding, 'hex') as emb
      from course_search s
      where s.course_id in (select value::uuid from json_array_elements_text(${json(ids)}::json))`),
  );
}

/**
 * Published flag, rating and enrolments of the survivors (the counts `course_rank` keeps), and their
 * click score for the query's group (`search_click_signal`, primary-key look-ups in the same statement).
 */
export async function loadSignals(db: DbOrTx, ids: string[], clickKey?: string): Promise<Map<string, Signals>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{
    id: string;
    is_published: boolean;
    avg: number | string;
    n: number | string;
    e: number | string;
    k: number | string | null;
  }>(
    await db.execute(sql`
      select c.id, c.is_published, coalesce(r.rating, 0) as avg, coalesce(r.reviews, 0) as n, coalesce(r.enrolled, 0) as e,
        ${clickKey === undefined ? sql`null::real` : sql`k.score`} as k
      from courses c left join course_rank r on r.course_id = c.id
      ${clickKey === undefined ? sql`` : sql`left join search_click_signal k on k.key = ${clickKey} and k.course_id = c.id`}
      where c.id in (select value::uuid from json_array_elements_text(${json(ids)}::json))`),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        published: r.is_published,
        avgRating: Number(r.avg),
        reviews: Number(r.n),
        enrolled: Number(r.e),
        click: r.k == null ? undefined : Number(r.k),
      },
    ]),
  );
}

/**
 * Courses that only satisfy stated constraints ("free courses", "best rated beginner courses"):
 * best rated first (most enrolled first when the learner asked for popular), then most enrolled,
 * then newest. `course_rank` (schema/search.ts) holds the filters and the order keys of every
 * course, and one of its indexes is in that order: the statement reads the index until it has
 * the courses it answers (about maxResults over the share of courses that fit), whatever the
 * size of the catalogue, instead of averaging the reviews of every course that fits and sorting them.
 */
export async function constraintOnly(db: DbOrTx, q: ParsedQuery, t: Tuning): Promise<ScoredCourse[]> {
  const c = q.constraints;
  const order =
    q.sort === 'popular'
      ? sql`r.enrolled desc nulls last, r.rating desc nulls last`
      : sql`r.rating desc nulls last, r.enrolled desc nulls last`;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select r.course_id as id from course_rank r
      where r.listed
        ${c.price?.max !== undefined ? sql`and r.price <= ${c.price.max}` : sql``}
        ${c.price?.min !== undefined ? sql`and r.price >= ${c.price.min}` : sql``}
        ${c.level ? sql`and r.level = ${c.level}` : sql``}
        ${c.category ? sql`and r.category = ${c.category}` : sql``}
      order by ${order}, r.created_at desc nulls last, r.course_id
      limit ${t.maxResults}`),
  );
  return rows.map((r, i) => ({ id: r.id, topic: 0, score: 1 - i / 100 }));
}
