import { CATEGORIES } from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db/client.ts';
import { markAcronym, mayBeAcronym } from './search.acronyms.ts';
import { isLexiconPhrase } from './search.lexicon.ts';
import { soundPrefixes } from './search.phonetic.ts';
import { osaDistance } from './search.query.ts';
import { edits1, prefixStrength } from './search.scoring.ts';
import { canonicalize, words as wordsOf } from './search.text.ts';
import type { Tuning } from './search.tuning.ts';
import { allSpecs, type ConceptSpec, DOCS_TERM, VERSION_TERM, type Vocab } from './search.types.ts';
import { wordVectors } from './search.vectors.ts';

/**
 * The catalogue's vocabulary for one query: document frequencies and lexemes of every word the
 * expansions mention, plus expansions only the catalogue can give (prefix completions, typo
 * corrections). Two statements at most; the decisions are pure functions.
 */

interface TermRow {
  q: string | null;
  term: string;
  lexeme: string | null;
  df: number;
  /** Found by its phonetic key rather than by spelling. */
  sound?: boolean;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const json = (v: unknown) => JSON.stringify(v);

/** Canonical words of every category name (looked up with the query's words). */
export const CATEGORY_WORDS = new Set(CATEGORIES.flatMap((c) => wordsOf(canonicalize(c))));

/** What to look up: all expansion words, the query's own words (for stems), prefixable singles. */
export function vocabularyRequest(specs: ConceptSpec[]) {
  const wordSet = new Set<string>([DOCS_TERM, VERSION_TERM]);
  const singles = new Set<string>();
  for (const s of allSpecs(specs)) {
    for (const e of s.expansions) for (const w of e.words) wordSet.add(w);
    if (s.words.length === 1) singles.add(s.words[0]);
  }
  for (const c of CATEGORY_WORDS) wordSet.add(c);
  const ownWords = [...new Set(allSpecs(specs).flatMap((s) => s.words))];
  // Short words may be acronyms of the catalogue's multi-word terms.
  for (const w of singles) if (mayBeAcronym(w)) wordSet.add(markAcronym(w));
  // Completions of the word ("photo" → "photography") and, for longer words, other forms of
  // its stem ("recognise" → "recognition", "analyse" → "analysis").
  const prefixable = [...singles]
    .filter((w) => w.length >= 4 && /^[a-z]+$/.test(w))
    .map((w) => ({ w, k: w.length >= 7 ? w.slice(0, Math.max(5, Math.ceil(w.length * 0.75))) : w }));
  return { words: [...wordSet], singles, ownWords, prefixable };
}

/** Single-word specs by their word (a word may be a concept and a part of another). */
export function specsBySingle(specs: ConceptSpec[]): Map<string, ConceptSpec[]> {
  const bySingle = new Map<string, ConceptSpec[]>();
  for (const s of allSpecs(specs))
    if (s.words.length === 1) bySingle.set(s.words[0], [...(bySingle.get(s.words[0]) ?? []), s]);
  return bySingle;
}

/** Single concept words that neither the catalogue nor the English vocabulary knows. */
export function typoCandidates(singles: Iterable<string>, known: (w: string) => boolean): string[] {
  return [...singles].filter(
    (w) => !known(w) && w.length >= 5 && w.length <= 20 && /^[a-z]+$/.test(w) && !isLexiconPhrase(w),
  );
}

/** Strength of a catalogue word as the correction of a misspelt one (0: not a plausible one). */
function typoStrength(w: string, r: { term: string; sound?: boolean }, t: Tuning): number {
  const allowed = w.length <= 6 ? 1 : 2;
  const dist = osaDistance(w, r.term, Math.max(allowed, w.length));
  // Typos rarely change the first letter (unless it is the only edit).
  if (dist <= allowed && (dist <= 1 || r.term[0] === w[0])) return dist <= 1 ? t.typoStrength1 : t.typoStrength2;
  // Same sound, a few more edits ("fotografy" → photography), but not a different word.
  if (r.sound && Math.abs(w.length - r.term.length) <= 3 && dist <= Math.ceil(w.length / 2)) return t.phoneticStrength;
  return 0;
}

/** The best catalogue correction of a misspelt word among candidate terms, or undefined. */
export function pickTypo(
  w: string,
  rows: { term: string; lexeme: string | null; df: number; sound?: boolean }[],
  t: Tuning,
): { term: string; strength: number; df: number; lexeme: string | null } | undefined {
  let best: { term: string; strength: number; df: number; lexeme: string | null } | undefined;
  for (const r of rows) {
    if (!r.lexeme) continue;
    const strength = typoStrength(w, r, t);
    if (!strength) continue;
    if (!best || strength > best.strength || (strength === best.strength && Number(r.df) > best.df)) {
      best = { term: r.term, strength, df: Number(r.df), lexeme: r.lexeme };
    }
  }
  return best;
}

/** Looks up every word the expansions mention; adds typo and prefix expansions from the catalogue. */
export async function resolveVocabulary(
  db: DbOrTx,
  specs: ConceptSpec[],
  t: Tuning,
): Promise<{ vocab: Map<string, Vocab>; docs: number; version: number }> {
  const req = vocabularyRequest(specs);
  // One statement: the exact words (primary-key look-ups), stems and the prefix completions.
  const found = rowsOf<TermRow>(
    await db.execute(sql`
      select null::text as q, t.term, t.lexeme, t.df from search_terms t
      where t.term = any(array(select json_array_elements_text(${json(req.words)}::json)))
      union all
      select '#stem', w, (tsvector_to_array(to_tsvector('english', w)))[1], 0
      from json_array_elements_text(${json(req.ownWords)}::json) as x(w)
      union all
      select p.w, t.term, t.lexeme, t.df
      from json_to_recordset(${json(req.prefixable)}::json) as p(w text, k text)
      cross join lateral (
        select term, lexeme, df from search_terms
        where term ~>=~ p.k and term ~<~ (p.k || '~') and term <> p.w and length(term) <= length(p.w) + 7
        order by df desc limit 6) t`),
  );
  const vocab = new Map<string, Vocab>();
  for (const r of found) if (r.q === null) vocab.set(r.term, { lexeme: r.lexeme, df: Number(r.df) });
  const docs = vocab.get(DOCS_TERM)?.df ?? 0;
  const version = vocab.get(VERSION_TERM)?.df ?? 0;
  // Words the catalogue does not contain in this form still match their stem ("faces" → face).
  const stemOf = new Map<string, string>();
  for (const r of found) if (r.q === '#stem' && r.lexeme) stemOf.set(r.term, r.lexeme);

  const bySingle = specsBySingle(specs);
  for (const r of found) {
    if (r.q === null || r.q === '#stem' || !r.lexeme) continue;
    vocab.set(r.term, { lexeme: r.lexeme, df: Number(r.df) });
    for (const s of bySingle.get(r.q) ?? []) {
      s.expansions.push({ words: [r.term], strength: prefixStrength(r.q, r.term, t), kind: 'prefix' });
    }
  }

  addAcronymExpansions(bySingle, vocab, t);
  const v = wordVectors();
  const unknown = typoCandidates(req.singles, (w) => vocab.has(w) || !!v?.index.has(w));
  if (unknown.length) await addTypoCorrections(db, unknown, vocab, bySingle, t);
  for (const [w, lexeme] of stemOf) if (!vocab.has(w)) vocab.set(w, { lexeme, df: 0 });
  return { vocab, docs, version };
}

/**
 * A short query word the catalogue does not contain as such, but which are the initials of
 * some course's multi-word term, expands to that term's marked acronym.
 */
export function addAcronymExpansions(bySingle: Map<string, ConceptSpec[]>, vocab: Map<string, Vocab>, t: Tuning): void {
  for (const [w, list] of bySingle) {
    if (!mayBeAcronym(w) || (vocab.get(w)?.df ?? 0) > 0) continue;
    const marked = markAcronym(w);
    if (!vocab.get(marked)?.lexeme) continue;
    for (const s of list) s.expansions.push({ words: [marked], strength: t.acronymStrength, kind: 'acronym' });
  }
}

async function addTypoCorrections(
  db: DbOrTx,
  unknown: string[],
  vocab: Map<string, Vocab>,
  bySingle: Map<string, ConceptSpec[]>,
  t: Tuning,
): Promise<void> {
  const variants = unknown.flatMap((w) => edits1(w).map((e) => ({ q: w, e })));
  const sounds = unknown.flatMap((w) => soundPrefixes(w).map((k) => ({ q: w, k })));
  // One statement: trigram neighbours (GIN index), exact look-ups of the one-edit variants and
  // the words with the same phonetic key (a key-prefix range on the primary key).
  const found = rowsOf<TermRow & { q: string }>(
    await db.execute(sql`
      select p.w as q, t.term, t.lexeme, t.df, false as sound
      from json_array_elements_text(${json(unknown)}::json) as p(w)
      cross join lateral (
        select term, lexeme, df from search_terms where term % p.w
        order by similarity(term, p.w) desc, df desc limit 8) t
      union all
      select v.q, t.term, t.lexeme, t.df, false
      from json_to_recordset(${json(variants)}::json) as v(q text, e text)
      join search_terms t on t.term = v.e
      union all
      select s.q, t.term, t.lexeme, t.df, true
      from json_to_recordset(${json(sounds)}::json) as s(q text, k text)
      cross join lateral (
        select m.term as marked from search_terms m
        where m.term ~>=~ s.k and m.term ~<~ (s.k || '~') order by m.df desc limit 6) x
      join search_terms t on t.term = substr(x.marked, length(s.k) + 1)`),
  );
  for (const w of unknown) {
    const best = pickTypo(
      w,
      found.filter((r) => r.q === w),
      t,
    );
    if (!best) continue;
    const row = found.find((r) => r.term === best.term);
    vocab.set(best.term, { lexeme: row?.lexeme ?? null, df: best.df });
    for (const s of bySingle.get(w) ?? []) {
      s.expansions.push({ words: [best.term], strength: best.strength, kind: 'typo' });
      // The corrected word's lexicon knowledge too ("machne learning" → "machine" …).
      s.importance = Math.max(s.importance, t.typoImportance);
    }
  }
}

/** Each category's lexemes, from the vocabulary rows of its words. */
export function categoryLexemesFrom(vocab: Map<string, Vocab>): Map<string, Set<string>> {
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
