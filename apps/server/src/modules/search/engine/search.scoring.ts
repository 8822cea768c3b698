import type { Constraints, ParsedQuery } from './search.query.ts';
import { isWeakWord, QUERY_STOPWORDS } from './search.query.ts';
import type { Tuning } from './search.tuning.ts';
import type {
  ConceptSpec,
  CourseFacts,
  LexemeSeq,
  Matchable,
  Postings,
  Prepared,
  ScoredCourse,
  Vocab,
} from './search.types.ts';

/**
 * Pure scoring functions of the engine: no database, no global state. Each takes the tuning
 * it needs, so that they can be unit-tested and calibrated in isolation.
 */

/** How much a word says about a text, from its corpus frequency rank (0 = "the"). */
export function specificity(rank: number | undefined): number {
  if (rank === undefined) return 1;
  return Math.min(1, Math.max(0.1, Math.log(2 + rank) / Math.log(2 + 30000)));
}

/** A concept's importance: its most specific word (a phrase a little more). */
export function importanceOf(phraseWords: string[], rank: (w: string) => number | undefined, t: Tuning): number {
  let best = 0;
  for (const w of phraseWords) {
    if (QUERY_STOPWORDS.has(w)) continue;
    const imp = isWeakWord(w) ? t.weakImportance : specificity(rank(w));
    best = Math.max(best, imp);
  }
  if (phraseWords.length > 1) best = Math.min(1, best + 0.1);
  return best;
}

/** 1 for concepts rare in the catalogue (or absent), less for those most courses mention. */
export function idfFactor(words: string[], vocab: Map<string, Vocab>, docs: number, t: Tuning): number {
  if (docs <= 1) return 1;
  let df = 0;
  for (const w of words) {
    if (QUERY_STOPWORDS.has(w)) continue;
    const d = vocab.get(w)?.df ?? 0;
    df = df === 0 ? d : Math.min(df, d);
  }
  if (df <= 0) return 1;
  const idf = Math.log(1 + docs / df) / Math.log(1 + docs);
  return 1 - t.idfWeight + t.idfWeight * idf;
}

export function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** Strength of a word-vector neighbour with this cosine. */
export function vectorStrength(sim: number, t: Tuning): number {
  return (t.vecScale * (sim - t.vecFloor)) / (1 - t.vecFloor);
}

/** Strength of a prefix completion: more of the word shared, stronger. */
export function prefixStrength(word: string, term: string, t: Tuning): number {
  const ratio = commonPrefix(word, term) / Math.max(word.length, term.length);
  return t.prefixStrength * Math.min(1, ratio + 0.2);
}

/** Deletions and adjacent transpositions: the commonest typos (the trigram index finds the rest). */
export function edits1(w: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < w.length; i++) {
    out.add(w.slice(0, i) + w.slice(i + 1));
    if (i + 1 < w.length) out.add(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2));
  }
  out.delete(w);
  return [...out];
}

/** A phrase as lexemes with relative positions (stop words leave gaps); null if unmatchable. */
export function lexemeSequence(ws: string[], vocab: Map<string, Vocab>): LexemeSeq | null {
  const seq: LexemeSeq = [];
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
export function tsqueryOf(seq: LexemeSeq, weights = ''): string {
  const lex = (l: string) => `${quoteLexeme(l)}${weights ? `:${weights}` : ''}`;
  let out = lex(seq[0].lexeme);
  for (let i = 1; i < seq.length; i++) {
    const gap = seq[i].offset - seq[i - 1].offset;
    out += gap === 1 ? ` <-> ${lex(seq[i].lexeme)}` : ` <${gap}> ${lex(seq[i].lexeme)}`;
  }
  return seq.length > 1 ? `(${out})` : out;
}

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

const fieldFactor = (label: string, t: Tuning) => t.field[label as keyof Tuning['field']] ?? 0;

/** Best field factor at which the sequence occurs in the course (0 if it does not). */
export function occurrence(seq: LexemeSeq, postings: Postings, catLex: Set<string> | undefined, t: Tuning): number {
  const first = postings.get(seq[0].lexeme);
  if (!first) return 0;
  let best = 0;
  if (seq.length === 1) {
    for (const p of first) best = Math.max(best, fieldFactor(p.label, t));
    if (catLex?.has(seq[0].lexeme)) best = Math.max(best, t.field.category);
    return best;
  }
  for (const p of first) {
    const f = fieldFactor(p.label, t);
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
  if (best < t.field.category && catLex && seq.every((s) => catLex.has(s.lexeme))) best = t.field.category;
  return best;
}

/** Positions (per field) of a concept's strong one-word matches in a course. */
function strongPositions(p: Prepared, postings: Postings, t: Tuning): { pos: number; label: string }[] {
  const out: { pos: number; label: string }[] = [];
  for (const m of p.matchables) {
    if (m.strength < t.proximityStrength) continue;
    for (const s of m.seq) out.push(...(postings.get(s.lexeme) ?? []));
  }
  return out;
}

/**
 * Which concepts occur close to another concept of the query in the same field of a course
 * ("where your website visitors come from" for "where visitors to my blog come from"):
 * words of a query found side by side say more than the same words scattered.
 */
export function nearOtherConcepts(prepared: Prepared[], postings: Postings, t: Tuning): boolean[] {
  const near = prepared.map(() => false);
  if (prepared.length < 2) return near;
  const positions = prepared.map((p) => strongPositions(p, postings, t));
  for (let i = 0; i < prepared.length; i++) {
    for (let j = i + 1; j < prepared.length; j++) {
      const close = positions[i].some((a) =>
        positions[j].some(
          (b) => a.label === b.label && a.pos !== b.pos && Math.abs(a.pos - b.pos) <= t.proximityWindow,
        ),
      );
      if (close) near[i] = near[j] = true;
    }
  }
  return near;
}

/** Resolves a concept's expansions to lexeme sequences (the strongest per sequence). */
export function prepare(spec: ConceptSpec, vocab: Map<string, Vocab>): Prepared {
  const byKey = new Map<string, Matchable>();
  for (const e of spec.expansions) {
    const seq = lexemeSequence(e.words, vocab);
    if (!seq) continue;
    const key = seq.map((s) => `${s.offset}:${s.lexeme}`).join(' ');
    const prev = byKey.get(key);
    if (!prev || prev.strength < e.strength)
      byKey.set(key, { strength: e.strength, seq, acronym: e.kind === 'acronym' });
  }
  return { spec, matchables: [...byKey.values()], parts: spec.parts.map((p) => prepare(p, vocab)) };
}

/**
 * How well a course matches one concept: `best` is the best strength × field factor (or a
 * partial match of a multi-word concept), `others` the sum of its other expansions' matches.
 */
export function conceptMatches(
  p: Prepared,
  postings: Postings,
  catLex: Set<string> | undefined,
  t: Tuning,
  titledAcronyms?: Set<string>,
): { best: number; others: number } {
  let best = 0;
  let sum = 0;
  for (const m of p.matchables) {
    let field = occurrence(m.seq, postings, catLex, t);
    // Initials of lecture or description words are mostly chance when some course has the term in its title.
    if (m.acronym && field < t.field.B && titledAcronyms?.has(m.seq[0].lexeme)) field *= t.acronymChance;
    const match = m.strength * field;
    sum += match;
    best = Math.max(best, match);
  }
  if (p.parts.length > 1) {
    let num = 0;
    let den = 0;
    for (const part of p.parts) {
      num += part.spec.importance * conceptMatch(part, postings, catLex, t);
      den += part.spec.importance;
    }
    if (den > 0) best = Math.max(best, (t.partialFactor * num) / den);
  }
  return { best, others: Math.max(0, sum - best) };
}

export const conceptMatch = (p: Prepared, postings: Postings, catLex: Set<string> | undefined, t: Tuning) =>
  conceptMatches(p, postings, catLex, t).best;

/** The acronym lexemes some candidate has in its title or subtitle (labels A, B). */
export function titledAcronymsOf(prepared: Prepared[], tsvs: string[]): Set<string> {
  const out = new Set<string>();
  for (const p of prepared)
    for (const m of p.matchables) {
      if (!m.acronym || out.has(m.seq[0].lexeme)) continue;
      const titled = new RegExp(`'${m.seq[0].lexeme}':[0-9ABCD,]*[AB](?:[ ,]|$)`);
      if (tsvs.some((tsv) => titled.test(tsv))) out.add(m.seq[0].lexeme);
    }
  return out;
}

/**
 * A concept's match for ranking: its other expansions' matches close part of the gap between
 * its best match and a full one (`accumulate` × their sum of it). A course that also names the
 * topic's related terms is more about it than one that names the topic once ("digital
 * marketing" in one lesson title beside ads, SEO and Instagram in the description), but never
 * as much as a full match: at most `accumulateCap` of the gap. The answer decision reads `best`.
 */
export const rankedMatch = (best: number, others: number, t: Tuning) =>
  best + (1 - best) * Math.min(t.accumulateCap, t.accumulate * others);

export function satisfies(c: Constraints, row: CourseFacts) {
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
export function constraintFactor(c: Constraints, row: CourseFacts, t: Tuning): number {
  const s = satisfies(c, row);
  return 1 + (s.price ? t.priceBonus : 0) + (s.level ? t.levelBonus : 0) + (s.category ? t.categoryBonus : 0);
}

export interface Signals {
  id: string;
  published: boolean;
  avgRating: number;
  reviews: number;
  enrolled: number;
  /** The course's click score for the query's group (search.clicks.ts), when it has one. */
  click?: number;
}

/** Rating and popularity: near-tie breakers, or a real factor when the learner asked for them. */
export function tieBreak(s: Signals | undefined, wish: ParsedQuery['sort'], t: Tuning): number {
  if (!s) return 0;
  const rating = s.reviews > 0 ? s.avgRating / 5 : 0;
  const popularity = Math.min(1, Math.log10(1 + s.enrolled + s.reviews) / 3);
  return (
    (wish === 'rating' ? t.ratingWish : t.ratingTie) * rating +
    (wish === 'popular' ? t.popularWish : t.popularTie) * popularity
  );
}

/** Small bonuses: the share of the title the query explains, and embedding similarity. */
export function topicBonus(topic: number, focus: number, embSimilarity: number, t: Tuning): number {
  return (
    t.focusWeight * focus * Math.min(1, topic * 1.5) +
    t.embWeight * Math.max(0, embSimilarity - t.embFloor) * Math.min(1, topic * 2)
  );
}

/**
 * The share of the query a course explains, for the answer decision: covered importance over
 * the query's importance capped at `evidenceMass`, so that the everyday words of a long
 * description of a need do not count as missing subjects.
 */
export function explainedShare(covered: number, totalImportance: number, t: Tuning): number {
  return covered / Math.min(totalImportance, t.evidenceMass);
}

/** The minimum best topic score for answering at all (higher when the core concept is missed). */
export function answerThreshold(bestCoreMatch: number, t: Tuning): number {
  return bestCoreMatch < t.coreMissing ? t.minScore + t.coreMargin : t.minScore;
}

/** Courses worth listing once the query is answerable, best first. */
export function listable<T extends ScoredCourse>(scored: T[], bestTopic: number, t: Tuning): T[] {
  return scored
    .filter((s) => s.topic >= t.floorScore && s.topic >= t.relScore * bestTopic)
    .sort((a, b) => b.score - a.score);
}

/** Whether any retrieval signal is meaningful enough to answer (else the answer is []). */
export function hasEvidence(e: { lexicalAnswer: boolean; lexical: number; dense: number }, t: Tuning): boolean {
  return e.lexicalAnswer || e.dense + t.evidenceLexWeight * e.lexical >= t.evidenceAnswer;
}
