import { CATEGORIES } from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { DOCS_TERM, specificity } from './search.index.ts';
import { isLexiconPhrase, lexiconExpansions, lexKey } from './search.lexicon.ts';
import { type Constraints, osaDistance, type ParsedQuery, QUERY_STOPWORDS, WEAK_WORDS } from './search.query.ts';
import { canonicalize, words as wordsOf } from './search.text.ts';
import { cosineStored, embed, neighbours, rankOf, type WordVectors, wordVectors } from './search.vectors.ts';

/**
 * The built-in engine: expands the parsed query's concepts (lexicon, word-vector neighbours,
 * catalogue typos and prefixes), retrieves candidates with PostgreSQL full-text search
 * (GIN index over weighted tsvectors), scores each candidate by how much of the query's
 * meaning it covers and where (title > subtitle > category > lecture titles > description),
 * and keeps only courses above a calibrated threshold. Rating and popularity only break
 * near-ties (or lead when the learner asked for "best rated"/"popular").
 */

// ---- tunables (calibrated on the development set; see docs/search.md) ----
export const TUNING = {
  /** Field factors by tsvector label; category separately. */
  field: { A: 1, B: 0.8, category: 0.72, C: 0.62, D: 0.45 } as Record<string, number>,
  /** Vector neighbours: minimum cosine, and strength = scale × (sim − floor)/(1 − floor). */
  vecMinSim: 0.62,
  vecFloor: 0.5,
  vecScale: 0.7,
  /** Neighbours that are not forms of the same word. */
  vecSiblingFactor: 0.5,
  /** Prefix matches ("photo" → "photography"). */
  prefixStrength: 0.55,
  /** Multi-word concept matched only by some of its words. */
  partialFactor: 0.6,
  /** Weak words' importance. */
  weakImportance: 0.25,
  /** Embedding similarity bonus. */
  embWeight: 0.15,
  embFloor: 0.35,
  /** Share of the title covered by the query. */
  focusWeight: 0.08,
  /** Constraint satisfied (per constraint). */
  priceBonus: 0.35,
  levelBonus: 0.3,
  categoryBonus: 0.05,
  /** The query is answerable when its best course covers this much of it … */
  minScore: 0.42,
  /** … and then courses covering at least this much (and this share of the best) are listed. */
  floorScore: 0.25,
  /** When the best course misses the query's most specific concept (match below coreMissing),
   * it must cover coreMargin more. */
  coreMissing: 0.15,
  coreMargin: 0.12,
  /** Listed courses also reach this share of the best course's topic score. */
  relScore: 0.3,
  /** Weight of the catalogue's own document frequency in a concept's importance. */
  idfWeight: 0.65,
  /** Near-tie breakers. */
  ratingTie: 0.02,
  popularTie: 0.01,
  /** When the learner asked for it. */
  ratingWish: 0.12,
  popularWish: 0.12,
  maxResults: 20,
  candidates: 200,
  maxExpansions: 80,
  /** Expansions that take part in the first, title/subtitle-only retrieval (at most strongMax). */
  strongWeight: 0.4,
  strongMax: 24,
  /** Matches ranked per retrieval at most. */
  matchCap: 1500,
  /** Expansions used by ts_rank to order the matches. */
  rankTerms: 10,
  /** Expansions in the wide retrieval at most. */
  wideMax: 40,
  /** Up to this many indexed courses, retrieval goes straight to all fields. */
  smallCatalogue: 10_000,
  /** Widen to all fields and expansions when the first retrieval found fewer than this share. */
  widenBelow: 0.5,
  /** Related names given by the LLM. */
  alternativeStrength: 0.8,
};

export interface Expansion {
  words: string[];
  strength: number;
  kind: 'self' | 'lexicon' | 'vector' | 'typo' | 'prefix';
}

export interface ConceptSpec {
  phrase: string;
  words: string[];
  importance: number;
  expansions: Expansion[];
  /** Per-word sub-concepts of a multi-word concept (partial matches). */
  parts: ConceptSpec[];
}

export interface ScoredCourse {
  id: string;
  topic: number;
  score: number;
  detail?: Record<string, unknown>;
}

interface Vocab {
  lexeme: string | null;
  df: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const json = (v: unknown) => JSON.stringify(v);

function importanceOf(v: WordVectors | null, phraseWords: string[]): number {
  let best = 0;
  for (const w of phraseWords) {
    if (QUERY_STOPWORDS.has(w)) continue;
    const imp = WEAK_WORDS.has(w) ? TUNING.weakImportance : specificity(rankOf(v, w));
    best = Math.max(best, imp);
  }
  // A phrase is more specific than its most specific word.
  if (phraseWords.length > 1) best = Math.min(1, best + 0.1);
  return best;
}

/** 1 for concepts rare in the catalogue (or absent), less for those most courses mention. */
function idfFactor(s: ConceptSpec, vocab: Map<string, Vocab>, docs: number): number {
  if (docs <= 1) return 1;
  let df = 0;
  for (const w of s.words) {
    if (QUERY_STOPWORDS.has(w)) continue;
    const d = vocab.get(w)?.df ?? 0;
    df = df === 0 ? d : Math.min(df, d);
  }
  if (df <= 0) return 1;
  const idf = Math.log(1 + docs / df) / Math.log(1 + docs);
  return 1 - TUNING.idfWeight + TUNING.idfWeight * idf;
}

function commonPrefix(a: string, b: string) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function vectorStrength(sim: number) {
  return (TUNING.vecScale * (sim - TUNING.vecFloor)) / (1 - TUNING.vecFloor);
}

/** Concept → expansions known without the database (self, lexicon, vector neighbours). */
function specFor(v: WordVectors | null, phrase: string, withParts = true, alternatives: string[] = []): ConceptSpec {
  const ws = wordsOf(phrase);
  const expansions: Expansion[] = [{ words: ws, strength: 1, kind: 'self' }];
  for (const alt of alternatives)
    expansions.push({ words: wordsOf(alt), strength: TUNING.alternativeStrength, kind: 'lexicon' });
  for (const e of lexiconExpansions(phrase)) {
    expansions.push({ words: wordsOf(e.phrase), strength: e.strength, kind: 'lexicon' });
  }
  if (v && ws.length === 1 && !WEAK_WORDS.has(ws[0])) {
    for (const n of neighbours(v, ws[0], TUNING.vecMinSim)) {
      // Distributional neighbours are often siblings (guitar/piano, java/javascript): only
      // the word's own forms (photos/photographs, predict/predicting) count in full.
      const sameRoot = commonPrefix(ws[0], n.word) >= Math.min(5, ws[0].length - 1);
      const strength = vectorStrength(n.similarity) * (sameRoot ? 1 : TUNING.vecSiblingFactor);
      expansions.push({ words: [n.word], strength, kind: 'vector' });
    }
  }
  const parts =
    withParts && ws.length > 1 ? ws.filter((w) => !QUERY_STOPWORDS.has(w)).map((w) => specFor(v, w, false)) : [];
  return { phrase, words: ws, importance: importanceOf(v, ws), expansions, parts };
}

/** Deletions and adjacent transpositions: the commonest typos (the trigram index finds the rest). */
function edits1(w: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < w.length; i++) {
    out.add(w.slice(0, i) + w.slice(i + 1));
    if (i + 1 < w.length) out.add(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2));
  }
  out.delete(w);
  return [...out];
}

function allSpecs(specs: ConceptSpec[]): ConceptSpec[] {
  return specs.flatMap((s) => [s, ...s.parts]);
}

/** Looks up every word the expansions mention; adds typo and prefix expansions from the catalogue. */
async function resolveVocabulary(
  db: DbOrTx,
  specs: ConceptSpec[],
): Promise<{ vocab: Map<string, Vocab>; docs: number }> {
  const wordSet = new Set<string>([DOCS_TERM]);
  const singles = new Set<string>();
  for (const s of allSpecs(specs)) {
    for (const e of s.expansions) for (const w of e.words) wordSet.add(w);
    if (s.words.length === 1) singles.add(s.words[0]);
  }
  for (const c of CATEGORY_WORDS) wordSet.add(c);
  // The query's own words (not every expansion) may fall back to their stem.
  const ownWords = [...new Set(allSpecs(specs).flatMap((s) => s.words))];
  // Completions of the word ("photo" → "photography") and, for longer words, other forms of
  // its stem ("recognise" → "recognition", "analyse" → "analysis").
  const prefixable = [...singles]
    .filter((w) => w.length >= 4 && /^[a-z]+$/.test(w))
    .map((w) => ({ w, k: w.length >= 7 ? w.slice(0, Math.max(5, Math.ceil(w.length * 0.75))) : w }));
  // One statement: the exact words (primary-key look-ups) and the prefix completions.
  const found = rowsOf<{ q: string | null; term: string; lexeme: string | null; df: number }>(
    await db.execute(sql`
      select null::text as q, t.term, t.lexeme, t.df from search_terms t
      where t.term = any(array(select json_array_elements_text(${json([...wordSet])}::json)))
      union all
      select '#stem', w, (tsvector_to_array(to_tsvector('english', w)))[1], 0
      from json_array_elements_text(${json(ownWords)}::json) as x(w)
      union all
      select p.w, t.term, t.lexeme, t.df
      from json_to_recordset(${json(prefixable)}::json) as p(w text, k text)
      cross join lateral (
        select term, lexeme, df from search_terms
        where term ~>=~ p.k and term ~<~ (p.k || '~') and term <> p.w and length(term) <= length(p.w) + 7
        order by df desc limit 6) t`),
  );
  const exact = { rows: found.filter((r) => r.q === null) };
  const prefixed = { rows: found.filter((r) => r.q !== null && r.q !== '#stem') };
  const stems = found.filter((r) => r.q === '#stem');
  const vocab = new Map<string, Vocab>();
  for (const r of rowsOf<{ term: string; lexeme: string | null; df: number }>(exact)) {
    vocab.set(r.term, { lexeme: r.lexeme, df: Number(r.df) });
  }
  const docs = vocab.get(DOCS_TERM)?.df ?? 0;
  // Words the catalogue does not contain in this form still match their stem ("faces" → face).
  const stemOf = new Map<string, string>();
  for (const r of stems) if (r.lexeme) stemOf.set(r.term, r.lexeme);

  const bySingle = new Map<string, ConceptSpec[]>();
  for (const s of allSpecs(specs))
    if (s.words.length === 1) bySingle.set(s.words[0], [...(bySingle.get(s.words[0]) ?? []), s]);

  for (const r of rowsOf<{ q: string; term: string; lexeme: string | null; df: number }>(prefixed)) {
    if (!r.lexeme) continue;
    vocab.set(r.term, { lexeme: r.lexeme, df: Number(r.df) });
    const ratio = commonPrefix(r.q, r.term) / Math.max(r.q.length, r.term.length);
    for (const s of bySingle.get(r.q) ?? []) {
      s.expansions.push({
        words: [r.term],
        strength: TUNING.prefixStrength * Math.min(1, ratio + 0.2),
        kind: 'prefix',
      });
    }
  }

  // Typos: single concept words that neither the catalogue nor the English vocabulary knows.
  const v = wordVectors();
  const unknown = [...singles].filter(
    (w) =>
      !vocab.has(w) && w.length >= 5 && w.length <= 20 && /^[a-z]+$/.test(w) && !v?.index.has(w) && !isLexiconPhrase(w),
  );
  if (unknown.length) {
    const variants = unknown.flatMap((w) => edits1(w).map((e) => ({ q: w, e })));
    // One statement: trigram neighbours (GIN index) and exact look-ups of the one-edit variants.
    const found = rowsOf<{ q: string; term: string; lexeme: string | null; df: number }>(
      await db.execute(sql`
        select p.w as q, t.term, t.lexeme, t.df
        from json_array_elements_text(${json(unknown)}::json) as p(w)
        cross join lateral (
          select term, lexeme, df from search_terms where term % p.w
          order by similarity(term, p.w) desc, df desc limit 8) t
        union all
        select v.q, t.term, t.lexeme, t.df
        from json_to_recordset(${json(variants)}::json) as v(q text, e text)
        join search_terms t on t.term = v.e`),
    );
    for (const w of unknown) {
      let best: { term: string; strength: number; df: number } | undefined;
      for (const r of found) {
        if (!r.lexeme || r.q !== w) continue;
        const allowed = w.length <= 6 ? 1 : 2;
        const dist = osaDistance(w, r.term, allowed);
        // Typos rarely change the first letter (unless it is the only edit).
        if (dist > allowed || (dist > 1 && r.term[0] !== w[0])) continue;
        const strength = dist <= 1 ? 0.9 : 0.75;
        if (!best || strength > best.strength || (strength === best.strength && Number(r.df) > best.df)) {
          best = { term: r.term, strength, df: Number(r.df) };
        }
      }
      if (!best) continue;
      const fixed = best;
      const row = found.find((r) => r.term === fixed.term);
      vocab.set(fixed.term, { lexeme: row?.lexeme ?? null, df: fixed.df });
      for (const s of bySingle.get(w) ?? []) {
        s.expansions.push({ words: [fixed.term], strength: fixed.strength, kind: 'typo' });
        // The corrected word's lexicon knowledge too ("machne learning" → "machine" …).
        s.importance = Math.max(s.importance, 0.8);
      }
    }
  }
  for (const [w, lexeme] of stemOf) if (!vocab.has(w)) vocab.set(w, { lexeme, df: 0 });
  return { vocab, docs };
}

/** A phrase as lexemes with relative positions (stop words leave gaps); null if unmatchable. */
function lexemeSequence(ws: string[], vocab: Map<string, Vocab>): { lexeme: string; offset: number }[] | null {
  const seq: { lexeme: string; offset: number }[] = [];
  let offset = 0;
  for (const w of ws) {
    const v = vocab.get(w);
    if (v?.lexeme) seq.push({ lexeme: v.lexeme, offset });
    else if (!(v || QUERY_STOPWORDS.has(w))) return null; // unknown content word: cannot match
    offset++;
  }
  if (seq.length === 0) return null;
  const first = seq[0].offset;
  return seq.map((s) => ({ lexeme: s.lexeme, offset: s.offset - first }));
}

const quoteLexeme = (l: string) => `'${l.replace(/'/g, "''").replace(/\\/g, '\\\\')}'`;

/** A lexeme sequence as tsquery text; `weights` ("AB") restricts it to those fields. */
function tsqueryOf(seq: { lexeme: string; offset: number }[], weights = ''): string {
  const lex = (l: string) => `${quoteLexeme(l)}${weights ? `:${weights}` : ''}`;
  let out = lex(seq[0].lexeme);
  for (let i = 1; i < seq.length; i++) {
    const gap = seq[i].offset - seq[i - 1].offset;
    out += gap === 1 ? ` <-> ${lex(seq[i].lexeme)}` : ` <${gap}> ${lex(seq[i].lexeme)}`;
  }
  return seq.length > 1 ? `(${out})` : out;
}

/** Positions of each lexeme in a course's tsvector, by label. */
type Postings = Map<string, { pos: number; label: string }[]>;

/**
 * Reads a tsvector's text form (`'lexeme':1A,5B 'other':3`). Keeps the positions of the
 * lexemes in `wanted` (all when omitted) and counts the title (A) positions of every lexeme.
 */
export function parseTsvector(
  text: string,
  wanted?: Set<string>,
): { postings: Postings; titleWords: number; titleHits: number } {
  const postings: Postings = new Map();
  let titleWords = 0;
  let titleHits = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const open = text.indexOf("'", i);
    if (open < 0) break;
    // The lexeme runs to the next quote that is not doubled.
    let j = open + 1;
    let lexeme = '';
    for (;;) {
      const q = text.indexOf("'", j);
      if (q < 0) return { postings, titleWords, titleHits };
      if (text[q + 1] === "'") {
        lexeme += text.slice(j, q + 1);
        j = q + 2;
        continue;
      }
      lexeme += text.slice(j, q);
      j = q + 1;
      break;
    }
    let end = text.indexOf(' ', j);
    if (end < 0) end = n;
    const keep = !wanted || wanted.has(lexeme);
    const list: { pos: number; label: string }[] = [];
    if (text[j] === ':') {
      let num = 0;
      for (let k = j + 1; k <= end; k++) {
        const ch = k < end ? text.charCodeAt(k) : 44; // ',' at the end flushes
        if (ch >= 48 && ch <= 57) {
          num = num * 10 + (ch - 48);
        } else {
          let label = 'D';
          if (ch >= 65 && ch <= 68) {
            label = String.fromCharCode(ch);
            k++;
          }
          if (label === 'A') {
            titleWords++;
            if (keep && wanted) titleHits++;
          }
          if (keep) list.push({ pos: num, label });
          num = 0;
        }
      }
    }
    if (keep) postings.set(lexeme, list);
    i = end + 1;
  }
  return { postings, titleWords, titleHits };
}

/** Canonical words of every category name (looked up with the query's words). */
const CATEGORY_WORDS = new Set(CATEGORIES.flatMap((c) => wordsOf(canonicalize(c))));

/** Each category's lexemes, from the vocabulary rows of its words. */
function categoryLexemesFrom(vocab: Map<string, Vocab>): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const c of CATEGORIES) {
    const set = new Set<string>();
    for (const w of wordsOf(canonicalize(c))) {
      const l = vocab.get(w)?.lexeme;
      if (l) set.add(l);
    }
    map.set(c, set);
  }
  return map;
}

interface Matchable {
  strength: number;
  seq: { lexeme: string; offset: number }[];
}

/** Best field factor at which the sequence occurs in the course (0 if it does not). */
function occurrence(seq: Matchable['seq'], postings: Postings, catLex: Set<string> | undefined): number {
  const first = postings.get(seq[0].lexeme);
  if (!first) return 0;
  let best = 0;
  if (seq.length === 1) {
    for (const p of first) best = Math.max(best, TUNING.field[p.label]);
    if (catLex?.has(seq[0].lexeme)) best = Math.max(best, TUNING.field.category);
    return best;
  }
  for (const p of first) {
    const f = TUNING.field[p.label];
    if (f <= best) continue;
    let ok = true;
    for (let i = 1; i < seq.length && ok; i++) {
      const list = postings.get(seq[i].lexeme);
      const want = p.pos + seq[i].offset;
      ok = !!list?.some((q) => q.label === p.label && q.pos >= want && q.pos <= want + 1);
    }
    if (ok) best = f;
  }
  // Category names as a whole ("web development" in "Web Development").
  if (best < TUNING.field.category && catLex && seq.every((s) => catLex.has(s.lexeme))) best = TUNING.field.category;
  return best;
}

interface Prepared {
  spec: ConceptSpec;
  matchables: Matchable[];
  parts: Prepared[];
}

function prepare(spec: ConceptSpec, vocab: Map<string, Vocab>): Prepared {
  const byKey = new Map<string, Matchable>();
  for (const e of spec.expansions) {
    const seq = lexemeSequence(e.words, vocab);
    if (!seq) continue;
    const key = seq.map((s) => `${s.offset}:${s.lexeme}`).join(' ');
    const prev = byKey.get(key);
    if (!prev || prev.strength < e.strength) byKey.set(key, { strength: e.strength, seq });
  }
  return { spec, matchables: [...byKey.values()], parts: spec.parts.map((p) => prepare(p, vocab)) };
}

function conceptMatch(p: Prepared, postings: Postings, catLex: Set<string> | undefined): number {
  let best = 0;
  for (const m of p.matchables) {
    if (m.strength <= best) continue;
    const f = occurrence(m.seq, postings, catLex);
    best = Math.max(best, m.strength * f);
  }
  if (p.parts.length > 1) {
    let num = 0;
    let den = 0;
    for (const part of p.parts) {
      num += part.spec.importance * conceptMatch(part, postings, catLex);
      den += part.spec.importance;
    }
    if (den > 0) best = Math.max(best, (TUNING.partialFactor * num) / den);
  }
  return best;
}

function satisfies(c: Constraints, row: { price: number | null; level: string | null; category: string }) {
  const out: { price?: boolean; level?: boolean; category?: boolean } = {};
  if (c.price) {
    out.price =
      row.price !== null &&
      (c.price.min === undefined || row.price >= c.price.min) &&
      (c.price.max === undefined || row.price <= c.price.max);
  }
  if (c.level) out.level = row.level === c.level;
  if (c.category) out.category = row.category === c.category;
  return out;
}

/** Multiplier for the constraints a course satisfies: relevant and fitting beats relevant only. */
function constraintFactor(c: Constraints, row: { price: number | null; level: string | null; category: string }) {
  const s = satisfies(c, row);
  return (
    1 + (s.price ? TUNING.priceBonus : 0) + (s.level ? TUNING.levelBonus : 0) + (s.category ? TUNING.categoryBonus : 0)
  );
}

interface Signals {
  id: string;
  published: boolean;
  avgRating: number;
  reviews: number;
  enrolled: number;
}

async function loadSignals(db: DbOrTx, ids: string[]): Promise<Map<string, Signals>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{
    id: string;
    is_published: boolean;
    avg: number | string;
    n: number | string;
    e: number | string;
  }>(
    await db.execute(sql`
      select c.id, c.is_published,
        coalesce((select avg(r.rating) from reviews r where r.course_id = c.id), 0)::float8 as avg,
        (select count(*) from reviews r where r.course_id = c.id)::int as n,
        (select count(*) from enrollments e where e.course_id = c.id)::int as e
      from courses c where c.id in (select value::uuid from json_array_elements_text(${json(ids)}::json))`),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, published: r.is_published, avgRating: Number(r.avg), reviews: Number(r.n), enrolled: Number(r.e) },
    ]),
  );
}

function tieBreak(s: Signals | undefined, wish: ParsedQuery['sort']) {
  if (!s) return 0;
  const rating = s.reviews > 0 ? s.avgRating / 5 : 0;
  const popularity = Math.min(1, Math.log10(1 + s.enrolled + s.reviews) / 3);
  return (
    (wish === 'rating' ? TUNING.ratingWish : TUNING.ratingTie) * rating +
    (wish === 'popular' ? TUNING.popularWish : TUNING.popularTie) * popularity
  );
}

/** Courses that only satisfy stated constraints ("free courses", "best rated beginner courses"). */
async function constraintOnly(db: DbOrTx, q: ParsedQuery): Promise<ScoredCourse[]> {
  const c = q.constraints;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select c.id from courses c
      where c.is_published
        ${c.price?.max !== undefined ? sql`and c.price <= ${c.price.max}` : sql``}
        ${c.price?.min !== undefined ? sql`and c.price >= ${c.price.min}` : sql``}
        ${c.level ? sql`and c.level = ${c.level}` : sql``}
        ${c.category ? sql`and c.category = ${c.category}` : sql``}
      order by
        (select coalesce(avg(r.rating), 0) from reviews r where r.course_id = c.id) desc,
        (select count(*) from enrollments e where e.course_id = c.id) desc,
        c.created_at desc
      limit ${TUNING.maxResults}`),
  );
  return rows.map((r, i) => ({ id: r.id, topic: 0, score: 1 - i / 100 }));
}

/** Runs the built-in engine on a parsed query; best first, at most `maxResults`. */
export async function rankCourses(db: DbOrTx, q: ParsedQuery, opts: { debug?: boolean } = {}): Promise<ScoredCourse[]> {
  const v = wordVectors();
  if (q.concepts.length === 0) {
    const hasConstraint = !!(q.constraints.price || q.constraints.level || q.constraints.category || q.sort);
    return hasConstraint ? constraintOnly(db, q) : [];
  }
  const specs = q.concepts.map((c) => specFor(v, c.phrase, true, c.alternatives));
  // An expansion that is another concept of the same query ("android" for "ios" in "android
  // and ios") would let one concept count twice: drop it.
  const conceptKeys = new Set(q.concepts.map((c) => lexKey(c.phrase)));
  for (const s of specs) {
    const own = lexKey(s.phrase);
    for (const sub of [s, ...s.parts]) {
      sub.expansions = sub.expansions.filter((e) => {
        const k = lexKey(e.words.join(' '));
        return k === own || !conceptKeys.has(k);
      });
    }
  }
  const { vocab, docs } = await resolveVocabulary(db, specs);
  const catLexemes = categoryLexemesFrom(vocab);
  // Catalogue specificity: a concept most courses mention says less about which course fits.
  for (const s of allSpecs(specs)) s.importance *= idfFactor(s, vocab, docs);
  const prepared = specs.map((s) => prepare(s, vocab));

  // Retrieval: every matchable expansion of every concept, OR-ed, weighted by how much it
  // would count. First the strong ones in titles and subtitles (few rows even in a large
  // catalogue); all fields and all expansions only when that finds too few courses.
  const terms = new Map<string, { seq: Matchable['seq']; weight: number }>();
  const collect = (p: Prepared) => {
    for (const m of p.matchables) {
      const key = tsqueryOf(m.seq);
      const weight = m.strength * p.spec.importance;
      if ((terms.get(key)?.weight ?? -1) < weight) terms.set(key, { seq: m.seq, weight });
    }
    p.parts.forEach(collect);
  };
  prepared.forEach(collect);
  if (terms.size === 0) return [];
  const ranked = [...terms.values()].sort((a, b) => b.weight - a.weight).slice(0, TUNING.maxExpansions);
  const strong = ranked.filter((t) => t.weight >= TUNING.strongWeight);
  type Row = {
    course_id: string;
    tsv: string;
    category: string;
    level: string | null;
    price: number | null;
    emb: string | null;
  };
  // Matches are capped before ranking so that a very broad query ("web development" in a
  // catalogue of 100,000) ranks a bounded sample instead of every match.
  const retrieve = async (items: typeof ranked, head: boolean) => {
    const column = sql.raw(head ? 'tsv_head' : 'tsv');
    const match = items.map((t) => tsqueryOf(t.seq)).join(' | ');
    // Ranking with the strongest few expansions costs far less than with all of them.
    const rank = items
      .slice(0, TUNING.rankTerms)
      .map((t) => tsqueryOf(t.seq))
      .join(' | ');
    return rowsOf<Row>(
      await db.execute(sql`
        with q as (select to_tsquery('simple', ${match}) as q, to_tsquery('simple', ${rank}) as r),
        m as (select c.course_id, c.${column} as v from course_search c, q where c.${column} @@ q.q limit ${TUNING.matchCap}),
        top as (select m.course_id, ts_rank('{0.1, 0.2, 0.4, 1.0}', m.v, q.r) as r from m, q order by r desc limit ${TUNING.candidates})
        select s.course_id, s.tsv::text as tsv, s.category, s.level, s.price, encode(s.embedding, 'hex') as emb
        from top join course_search s on s.course_id = top.course_id
        order by top.r desc`),
    );
  };
  // In a small catalogue one retrieval over all fields is cheaper than two.
  const small = docs <= TUNING.smallCatalogue;
  let candidates: Row[] = strong.length && !small ? await retrieve(strong.slice(0, TUNING.strongMax), true) : [];
  if (candidates.length < TUNING.candidates * TUNING.widenBelow) {
    const seen = new Set(candidates.map((c) => c.course_id));
    const more = await retrieve(ranked.slice(0, TUNING.wideMax), false);
    candidates = [...candidates, ...more.filter((c) => !seen.has(c.course_id))];
  }

  const totalImportance = prepared.reduce((s, p) => s + p.spec.importance, 0) || 1;
  const qWeights = new Map<string, number>();
  for (const p of prepared)
    for (const w of p.spec.words) qWeights.set(w, Math.max(qWeights.get(w) ?? 0, p.spec.importance));
  const qVec = v ? embed(v, qWeights.keys(), (w) => qWeights.get(w) ?? 0) : null;
  const allLexemes = new Set<string>();
  const addLex = (p: Prepared) => {
    for (const m of p.matchables) if (m.strength >= 0.5) for (const s of m.seq) allLexemes.add(s.lexeme);
    p.parts.forEach(addLex);
  };
  prepared.forEach(addLex);

  const wanted = new Set<string>();
  const addWanted = (p: Prepared) => {
    for (const m of p.matchables) for (const x of m.seq) wanted.add(x.lexeme);
    p.parts.forEach(addWanted);
  };
  prepared.forEach(addWanted);
  // The query's most specific concept: an answer that misses it entirely needs more support.
  const core =
    prepared.length > 1 ? prepared.reduce((a, b) => (b.spec.importance > a.spec.importance ? b : a)) : undefined;
  const scored: (ScoredCourse & { coreMatch: number })[] = [];
  for (const c of candidates) {
    const { postings, titleWords } = parseTsvector(c.tsv, wanted);
    const catLex = catLexemes.get(c.category);
    let covered = 0;
    let coreMatch = 1;
    const perConcept: Record<string, number> = {};
    for (const p of prepared) {
      const m = conceptMatch(p, postings, catLex);
      covered += p.spec.importance * m;
      if (p === core) coreMatch = m;
      if (opts.debug) perConcept[p.spec.phrase] = Math.round(m * 100) / 100;
    }
    let topic = covered / totalImportance;
    // Focus: share of the title's words that the query's meaning covers.
    let titleHit = 0;
    for (const [lex, list] of postings) {
      if (!allLexemes.has(lex)) continue;
      for (const x of list) if (x.label === 'A') titleHit++;
    }
    const focus = titleWords ? titleHit / titleWords : 0;
    const emb = qVec && c.emb ? cosineStored(Buffer.from(c.emb, 'hex'), qVec) : 0;
    const bonus =
      TUNING.focusWeight * focus * Math.min(1, topic * 1.5) +
      TUNING.embWeight * Math.max(0, emb - TUNING.embFloor) * Math.min(1, topic * 2);
    topic += bonus;
    const score = topic * constraintFactor(q.constraints, c);
    scored.push({
      id: c.course_id,
      topic,
      score,
      coreMatch,
      detail: opts.debug
        ? { perConcept, focus: Math.round(focus * 100) / 100, emb: Math.round(emb * 100) / 100 }
        : undefined,
    });
  }
  if (scored.length === 0) return [];
  const best = scored.reduce((a, b) => (b.topic > a.topic ? b : a));
  const bestTopic = best.topic;
  const needed = best.coreMatch < TUNING.coreMissing ? TUNING.minScore + TUNING.coreMargin : TUNING.minScore;
  if (bestTopic < needed) return [];
  const kept = scored
    .filter((s) => s.topic >= TUNING.floorScore && s.topic >= TUNING.relScore * bestTopic)
    .sort((a, b) => b.score - a.score)
    .slice(0, TUNING.maxResults * 2);
  const signals = await loadSignals(
    db,
    kept.map((s) => s.id),
  );
  return kept
    .filter((s) => signals.get(s.id)?.published)
    .map(({ coreMatch: _core, ...s }) => ({ ...s, score: s.score + tieBreak(signals.get(s.id), q.sort) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, TUNING.maxResults);
}
