import { doubleMetaphone } from 'double-metaphone';
import type { ParsedQuery } from './search.query.ts';
import { isWeakWord } from './search.query.ts';
import { words } from './search.text.ts';
import type { Tuning } from './search.tuning.ts';

/**
 * "Search learns from learners" (issue #33): what learners opened and enrolled in from past searches
 * becomes a small ranking signal per (query group, course), and the queries that found nothing are
 * grouped the same way for the educators' search-demand report.
 *
 * A **query group** is what the engine understood of a query, not its letters: the concepts of the
 * parsed query (so Hinglish and Devanagari phrasings, fillers, "course", "learn", word order and the
 * parser's spelling corrections already meet), each word reduced to a stem, and long words to their
 * sound (Double Metaphone, as the engine's phonetic look-up does: misspellings the parser does not
 * know, "fotografy"/"photography", meet too). The click key adds the constraints that change which
 * course is right (level, price range, ranking wish); the topic key (search demand) leaves them out.
 */

export interface QueryGroup {
  /** The topic: sorted stem/sound keys of the concept words ("" when the query has no topic). */
  topic: string;
  /** The topic and the constraints that change the answer: the click signal's key. */
  key: string;
  /** What the engine understood, readable: the concepts' phrases in the query's order. */
  label: string;
  /** The catalogue category the parser read in the query, if any. */
  category?: string;
}

/** Porter's step 1 (plurals, -ed, -ing, -y): enough to meet "cakes"/"cake", "baking"/"bake". */
export function stem(w: string): string {
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
  let s = w;
  if (s.endsWith('sses')) s = s.slice(0, -2);
  else if (s.endsWith('ies')) s = `${s.slice(0, -3)}i`;
  else if (s.endsWith('s') && !s.endsWith('ss') && !s.endsWith('us') && !s.endsWith('is')) s = s.slice(0, -1);
  const vowel = /[aeiouy]/;
  const m = s.match(/^(.+?)(eed|ed|ing)$/);
  if (m?.[2] === 'eed') {
    if (vowel.test(m[1].slice(1))) s = `${m[1]}ee`;
  } else if (m && vowel.test(m[1])) {
    s = m[1];
    if (/(at|bl|iz)$/.test(s)) s += 'e';
    else if (/([^aeiouylsz])\1$/.test(s)) s = s.slice(0, -1);
    else if (/^[^aeiou]*[aeiouy][^aeiouwxy]$/.test(s)) s += 'e';
  }
  if (s.length > 2 && s.endsWith('y') && vowel.test(s.slice(0, -1))) s = `${s.slice(0, -1)}i`;
  return s;
}

/** Words this long are compared by sound (shorter ones collide with other words: search.phonetic.ts). */
const SOUND_FROM = 6;

function wordKey(w: string): string {
  const s = stem(w);
  if (s.length < SOUND_FROM - 1 || w.length < SOUND_FROM || !/^[a-z]+$/.test(s)) return s;
  const [primary] = doubleMetaphone(s);
  return primary ? `~${primary}` : s;
}

/** The query's group; null for a query without a topic ("free courses"), which no click can teach. */
export function queryGroup(q: ParsedQuery): QueryGroup | null {
  // The parser has dropped fillers already; a word of a lexicon phrase counts ("machine learning").
  const all = q.concepts.flatMap((c) => words(c.phrase));
  if (all.length === 0) return null;
  // Weak words ("home", "easy", "make") only when the topic has nothing else.
  const strong = all.filter((w) => !isWeakWord(w));
  const topic = [...new Set((strong.length ? strong : all).map(wordKey))].sort().join(' ');
  const c = q.constraints;
  const price = c.price ? `${c.price.min ?? ''}-${c.price.max ?? ''}` : '';
  const key = [topic, c.level ?? '', price, q.sort ?? ''].join('|');
  return { topic, key, label: q.concepts.map((x) => x.phrase).join(' '), category: c.category };
}

// ---- the click model ----

/**
 * Learners' histories with one course in one query group, each learner's searches and clicks folded
 * into one (the best position they were shown it at, whether they opened it from a search of the
 * group, whether they enrolled after): `learners` learners with exactly this history.
 */
export interface Exposure {
  key: string;
  course: string;
  /** Best (smallest, 1-based) position shown. */
  shown: number;
  clicked: boolean;
  enrolled: boolean;
  learners: number;
}

export interface ClickScore {
  key: string;
  course: string;
  /** Estimated attractiveness, 0…1 (clicks over expected examinations, shrunk towards 0). */
  score: number;
  /** Distinct learners shown the course, and those of them who opened it. */
  learners: number;
  clickers: number;
}

/**
 * The probability that a learner looks at position `rank` at all (position bias). A learner reads
 * the first result and fewer and fewer below it; 1/rank is the usual assumption (and the replay's
 * learners follow another curve, bench/search-clicks.mjs, so the correction is not fitted to it).
 */
export function examination(rank: number, t: Tuning): number {
  return rank >= 1 ? rank ** -t.clickBiasExponent : 0;
}

/**
 * Clicks over expected clicks, counted per unique learner: a learner adds at most one click (1 with
 * an enrolment, `clickOpenValue` for an open alone) over their examination probability at the best
 * position they saw it, however often they searched or clicked — so a result low on the page that
 * learners still open scores as high as one at the top, whose clicks are mostly position.
 * `clickPrior` examinations of no click are added to every course: with few learners the score stays
 * near 0, and below `clickMinLearners` distinct openers a course has no score at all, so a few
 * accounts can move nothing. Pure: the job reads the rows, this computes, the job writes.
 */
export function clickScores(rows: Iterable<Exposure>, t: Tuning): ClickScore[] {
  const acc = new Map<string, { key: string; course: string; clicks: number; exam: number; n: number; c: number }>();
  for (const r of rows) {
    if (!(r.shown >= 1 && r.shown <= t.clickDepth) || !(r.learners > 0)) continue;
    const id = `${r.key}\u0000${r.course}`;
    let a = acc.get(id);
    if (!a) {
      a = { key: r.key, course: r.course, clicks: 0, exam: 0, n: 0, c: 0 };
      acc.set(id, a);
    }
    a.n += r.learners;
    a.exam += r.learners * examination(r.shown, t);
    if (r.clicked || r.enrolled) {
      a.c += r.learners;
      a.clicks += r.learners * (r.enrolled ? 1 : t.clickOpenValue);
    }
  }
  const out: ClickScore[] = [];
  for (const a of acc.values()) {
    if (a.c < t.clickMinLearners) continue;
    const score = Math.min(1, a.clicks / (a.exam + t.clickPrior));
    if (score > 0) out.push({ key: a.key, course: a.course, score, learners: a.n, clickers: a.c });
  }
  return out;
}

/** How much a course's click score moves it in the final order (one rank = 1 / (2 × maxResults)). */
export function clickBoost(score: number | undefined, t: Tuning): number {
  return score ? t.clickWeight * Math.min(1, Math.max(0, score)) : 0;
}
