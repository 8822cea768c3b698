import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db/client.ts';
import { expandConcepts } from './search.expand.ts';
import { soundPrefixes, soundTerms } from './search.phonetic.ts';
import { conceptsOf, correctSpelling, QUERY_STOPWORDS } from './search.query.ts';
import { edits1 } from './search.scoring.ts';
import { canonicalize, isIndexableWord, words } from './search.text.ts';
import { DEFAULT_TUNING, type Tuning } from './search.tuning.ts';
import { allSpecs, type ConceptSpec } from './search.types.ts';
import { wordVectors } from './search.vectors.ts';
import { pickTypo, typoCandidates } from './search.vocabulary.ts';

/*
 * Searching short texts that are not courses — a course's Q&A questions — with the course
 * search's own language handling: the same canonical words (search.text.ts), the same query
 * understanding (fillers and Hinglish function words dropped, Hinglish words read as English,
 * domain words spelt wrong corrected: search.query.ts), the same expansions (lexicon, word
 * vectors, joined and spaced forms: search.expand.ts), and typos corrected against the words
 * those texts really contain (a vocabulary table per scope, one edit away or the same sound, as
 * search.vocabulary.ts does for the catalogue). Ranking is simpler than the course engine's: the
 * share of the query's concepts a text covers, title matches counting more than body ones.
 */

/** A body match counts this much of a title match. */
const BODY_FACTOR = 0.8;
/** A text is listed when it covers at least this share of the query's importance. */
export const RECORD_MIN_SCORE = 0.5;
/** Concepts and expansions per concept a query keeps (a pasted paragraph stays a bounded query). */
const MAX_CONCEPTS = 12;
const MAX_EXPANSIONS = 10;
/** Expansions weaker than this add more noise than matches (distant word-vector neighbours). */
const MIN_STRENGTH = 0.4;
/** The word still being typed (no space after it yet) also matches as the start of a word. */
const TYPING_STRENGTH = 0.9;

/**
 * The text-search document of a record: `title` weighted A, `body` B, both canonicalised like
 * course text, stemmed by PostgreSQL's english configuration like the course index.
 */
export function recordTsvector(title: string, body: string): SQL {
  return sql`setweight(to_tsvector('english', ${canonicalize(title)}), 'A') || setweight(to_tsvector('english', ${canonicalize(body)}), 'B')`;
}

/**
 * A record's vocabulary terms: its distinct canonical words and, for words long enough, their
 * phonetic keys (`#snd:` rows), sorted (rows upserted in one order cannot deadlock).
 */
export function recordTerms(...texts: string[]): string[] {
  const terms = new Set<string>();
  for (const text of texts) {
    for (const w of words(canonicalize(text))) {
      if (!isIndexableWord(w)) continue;
      terms.add(w);
      for (const s of soundTerms(w)) terms.add(s);
    }
  }
  return [...terms].sort();
}

/** Where a scope's vocabulary lives: a table with `term` and `df` columns, and the condition picking the scope's rows. */
export interface RecordVocabulary {
  table: SQL;
  scope: SQL;
}

/** Match and rank conditions over a record's tsvector column; `where` already holds the minimum score. */
export interface RecordMatcher {
  where: SQL;
  score: SQL;
}

interface Alternative {
  /** `to_tsquery('english', …)` text: the words in a row, or one word's start (`word:*`). */
  query: string;
  strength: number;
}

const tsWord = (w: string) => (/^[a-z0-9]+$/.test(w) ? w : '');
/** A phrase as adjacent words; stop words are dropped by the english configuration. */
const phraseQuery = (ws: string[]) => ws.map(tsWord).filter(Boolean).join(' <-> ');
const withWeight = (query: string, weight: string) =>
  query
    .split(' <-> ')
    .map((w) => (w.endsWith(':*') ? `${w}${weight}` : `${w}:${weight}`))
    .join(' <-> ');

/** The query's topic words, as the course search reads them (numbers only where they end a name). */
function topicTokens(input: string): string[] {
  const all = words(canonicalize(input, true));
  const content = (w: string | undefined) => !!w && /^[a-z]/.test(w) && !QUERY_STOPWORDS.has(w);
  return all.filter(
    (w, i) => w.length <= 40 && (!/^\d+(\.\d+)?$/.test(w) || (content(all[i - 1]) && !content(all[i + 1]))),
  );
}

/**
 * Understands `input` and builds the conditions that find and rank the records of a scope
 * (`column`: their tsvector, built by `recordTsvector`). Null when the input has no topic word
 * at all ("kya hai", "how do I"): nothing to look for.
 */
export async function recordMatcher(
  db: DbOrTx,
  input: string,
  vocabulary: RecordVocabulary,
  column: SQL,
  t: Tuning = DEFAULT_TUNING,
): Promise<RecordMatcher | null> {
  const tokens = topicTokens(input);
  const concepts = conceptsOf(tokens.map(correctSpelling)).slice(0, MAX_CONCEPTS);
  if (concepts.length === 0) return null;
  const vectors = wordVectors();
  const specs = expandConcepts(vectors, concepts, t);
  await addScopeTypos(db, specs, vocabulary, t);

  const typing = /[a-z0-9]$/i.test(input) ? tokens.at(-1) : undefined;
  const alternatives = specs.map((spec) => alternativesOf(spec, typing, t));
  const scored = specs
    .map((spec, i) => ({ importance: spec.importance, alternatives: alternatives[i] }))
    .filter((c) => c.alternatives.length > 0 && c.importance > 0);
  if (scored.length === 0) return null;
  const total = scored.reduce((sum, c) => sum + c.importance, 0);
  const q = (text: string) => sql`to_tsquery('english', ${text})`;
  const any = sql.join(
    scored.flatMap((c) => c.alternatives.map((a) => q(a.query))),
    sql` || `,
  );
  const terms = scored.map((c) => {
    const cases = c.alternatives.map(
      (a) =>
        sql`case when ${column} @@ ${q(withWeight(a.query, 'A'))} then ${a.strength}::float8 when ${column} @@ ${q(a.query)} then ${a.strength * BODY_FACTOR}::float8 else 0 end`,
    );
    return sql`${c.importance / total}::float8 * greatest(${sql.join(cases, sql`, `)})`;
  });
  const score = sql`(${sql.join(terms, sql` + `)})`;
  return { where: sql`(${column} @@ (${any}) and ${score} >= ${RECORD_MIN_SCORE}::float8)`, score };
}

/** A concept's ways to match: its own words, its expansions, and the start of a word being typed. */
function alternativesOf(spec: ConceptSpec, typing: string | undefined, t: Tuning): Alternative[] {
  const best = new Map<string, number>();
  const add = (query: string, strength: number) => {
    if (query && strength >= MIN_STRENGTH && (best.get(query) ?? 0) < strength) best.set(query, strength);
  };
  for (const e of spec.expansions) add(phraseQuery(e.words), e.strength);
  // A multi-word concept partly matched ("event loop" → "loop") counts for part of it.
  for (const part of spec.parts)
    for (const e of part.expansions) add(phraseQuery(e.words), e.strength * t.partialFactor);
  if (spec.words.length === 1 && spec.words[0].length >= 4 && /^[a-z]+$/.test(spec.words[0])) {
    add(`${spec.words[0]}:*`, typing && correctSpelling(typing) === spec.words[0] ? TYPING_STRENGTH : t.prefixStrength);
  }
  if (typing && typing.length >= 3 && spec.words.at(-1) === correctSpelling(typing) && /^[a-z0-9]+$/.test(typing)) {
    add(`${typing}:*`, TYPING_STRENGTH);
  }
  return [...best]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_EXPANSIONS)
    .map(([query, strength]) => ({ query, strength }));
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const json = (v: unknown) => JSON.stringify(v);

/**
 * A one-word concept that neither the scope's texts nor English know ("flexbx") is taken for a
 * typo of a word the scope's texts do contain: one edit away, two for longer words with the same
 * first letter, or the same sound. One statement: which words the scope knows, then candidates.
 */
async function addScopeTypos(db: DbOrTx, specs: ConceptSpec[], vocabulary: RecordVocabulary, t: Tuning) {
  const singles = new Set(
    allSpecs(specs)
      .filter((s) => s.words.length === 1)
      .map((s) => s.words[0]),
  );
  if (singles.size === 0) return;
  const vectors = wordVectors();
  const unknownToEnglish = [...singles].filter((w) => !vectors?.index.has(w));
  if (unknownToEnglish.length === 0) return;
  const known = new Set(
    rowsOf<{ term: string }>(
      await db.execute(sql`
        select term from ${vocabulary.table}
        where ${vocabulary.scope} and term = any(array(select json_array_elements_text(${json(unknownToEnglish)}::json)))`),
    ).map((r) => r.term),
  );
  const unknown = typoCandidates(unknownToEnglish, (w) => known.has(w));
  if (unknown.length === 0) return;
  const variants = unknown.flatMap((w) => edits1(w).map((e) => ({ q: w, e })));
  const near = unknown.map((w) => ({ q: w, lo: w[0], hi: `${w[0]}~`, min: w.length - 2, max: w.length + 2 }));
  const sounds = unknown.flatMap((w) => soundPrefixes(w).map((k) => ({ q: w, k })));
  const found = rowsOf<{ q: string; term: string; df: number; sound: boolean }>(
    await db.execute(sql`
      select v.q, t.term, t.df, false as sound
      from json_to_recordset(${json(variants)}::json) as v(q text, e text)
      join ${vocabulary.table} t on ${vocabulary.scope} and t.term = v.e
      union all
      select n.q, x.term, x.df, false
      from json_to_recordset(${json(near)}::json) as n(q text, lo text, hi text, min int, max int)
      cross join lateral (
        select t.term, t.df from ${vocabulary.table} t
        where ${vocabulary.scope} and t.term ~>=~ n.lo and t.term ~<~ n.hi and length(t.term) between n.min and n.max
        order by t.df desc limit 200) x
      union all
      select s.q, substr(x.term, length(s.k) + 1), x.df, true
      from json_to_recordset(${json(sounds)}::json) as s(q text, k text)
      cross join lateral (
        select t.term, t.df from ${vocabulary.table} t
        where ${vocabulary.scope} and t.term ~>=~ s.k and t.term ~<~ (s.k || '~')
        order by t.df desc limit 6) x`),
  );
  const bySingle = new Map<string, ConceptSpec[]>();
  for (const s of allSpecs(specs))
    if (s.words.length === 1) bySingle.set(s.words[0], [...(bySingle.get(s.words[0]) ?? []), s]);
  for (const w of unknown) {
    const candidates = found.filter((r) => r.q === w).map((r) => ({ ...r, lexeme: r.term, df: Number(r.df) }));
    const fix = pickTypo(w, candidates, t);
    if (!fix) continue;
    for (const s of bySingle.get(w) ?? [])
      s.expansions.push({ words: [fix.term], strength: fix.strength, kind: 'typo' });
  }
}
