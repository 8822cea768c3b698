import { lexiconExpansions, lexKey } from './search.lexicon.ts';
import type { Concept } from './search.query.ts';
import { isWeakWord, QUERY_STOPWORDS } from './search.query.ts';
import { commonPrefix, importanceOf, vectorStrength } from './search.scoring.ts';
import { words as wordsOf } from './search.text.ts';
import type { Tuning } from './search.tuning.ts';
import type { ConceptSpec, Expansion } from './search.types.ts';
import { neighbours, rankOf, type WordVectors } from './search.vectors.ts';

/** Concept → expansions known without the database (self, lexicon, vector neighbours). */
export function specFor(
  v: WordVectors | null,
  phrase: string,
  t: Tuning,
  withParts = true,
  alternatives: string[] = [],
): ConceptSpec {
  const ws = wordsOf(phrase);
  const expansions: Expansion[] = [{ words: ws, strength: 1, kind: 'self' }];
  for (const alt of alternatives)
    expansions.push({ words: wordsOf(alt), strength: t.alternativeStrength, kind: 'lexicon' });
  for (const e of lexiconExpansions(phrase)) {
    expansions.push({ words: wordsOf(e.phrase), strength: e.strength, kind: 'lexicon' });
  }
  if (v && ws.length === 1 && !isWeakWord(ws[0])) {
    for (const n of neighbours(v, ws[0], t.vecMinSim)) {
      // Distributional neighbours are often siblings (guitar/piano, java/javascript): only
      // the word's own forms (photos/photographs, predict/predicting) count in full.
      const sameRoot = commonPrefix(ws[0], n.word) >= Math.min(5, ws[0].length - 1);
      const strength = vectorStrength(n.similarity, t) * (sameRoot ? 1 : t.vecSiblingFactor);
      expansions.push({ words: [n.word], strength, kind: 'vector' });
    }
  }
  const parts =
    withParts && ws.length > 1 ? ws.filter((w) => !QUERY_STOPWORDS.has(w)).map((w) => specFor(v, w, t, false)) : [];
  return { phrase, words: ws, importance: importanceOf(ws, (w) => rankOf(v, w), t), expansions, parts };
}

/**
 * An expansion that is another concept of the same query ("android" for "ios" in "android
 * and ios") would let one concept count twice: drop it.
 */
export function dropCrossConceptExpansions(specs: ConceptSpec[]): void {
  const conceptKeys = new Set(specs.map((s) => lexKey(s.phrase)));
  for (const s of specs) {
    const own = lexKey(s.phrase);
    for (const sub of [s, ...s.parts]) {
      sub.expansions = sub.expansions.filter((e) => {
        const k = lexKey(e.words.join(' '));
        return k === own || !conceptKeys.has(k);
      });
    }
  }
}

/**
 * Spaced forms of a joined word ("tailwindcss" → "tailwind css", "vue3" → "vue 3"). Every split
 * is proposed; the vocabulary look-up keeps only those whose parts the catalogue has, and
 * the parts must then be adjacent in one field, so a wrong split cannot match loosely.
 */
export function splitVariants(word: string): { words: string[]; strength: number }[] {
  const out: { words: string[]; strength: number }[] = [];
  const versioned = word.match(/^([a-z]{2,})(\d{1,3})$/);
  if (versioned) {
    out.push({ words: [versioned[1], versioned[2]], strength: 0.95 });
    // The version alone rarely decides: the named thing without it still fits.
    out.push({ words: [versioned[1]], strength: 0.85 });
    return out;
  }
  if (!/^[a-z]+$/.test(word) || word.length < 5) return out;
  for (let i = 2; i <= word.length - 2; i++) {
    const parts = [word.slice(0, i), word.slice(i)];
    // A function word is no part of a name, and matching would skip it ("nocode" is not "code").
    if (parts.some((p) => QUERY_STOPWORDS.has(p))) continue;
    out.push({ words: parts, strength: 0.95 });
  }
  return out;
}

/** Joined form of two adjacent single-word concepts ("fast api" → "fastapi"), when plausible as a name. */
export function joinVariant(a: string, b: string): string | null {
  if (!/^[a-z0-9]+$/.test(a) || !/^[a-z0-9]+$/.test(b)) return null;
  if (a.length < 2 || b.length < 2 || a.length + b.length > 20) return null;
  return a + b;
}

/**
 * Joined/spaced spellings of catalogue terms: splits of words English does not know, and the
 * joined form of adjacent one-word concepts, added to both (a course naming the joined term
 * covers both words).
 */
export function addSpellingVariants(specs: ConceptSpec[], isEnglish: (w: string) => boolean): void {
  for (const s of specs) {
    if (s.words.length !== 1 || isEnglish(s.words[0])) continue;
    for (const v of splitVariants(s.words[0])) s.expansions.push({ ...v, kind: 'variant' });
  }
  for (let i = 0; i + 1 < specs.length; i++) {
    const [a, b] = [specs[i], specs[i + 1]];
    if (a.words.length !== 1 || b.words.length !== 1) continue;
    const joined = joinVariant(a.words[0], b.words[0]);
    if (!joined) continue;
    for (const s of [a, b]) s.expansions.push({ words: [joined], strength: 1, kind: 'variant' });
  }
}

/** The parsed concepts as specs with their database-free expansions. */
export function expandConcepts(v: WordVectors | null, concepts: Concept[], t: Tuning): ConceptSpec[] {
  const specs = concepts.map((c) => specFor(v, c.phrase, t, true, c.alternatives));
  dropCrossConceptExpansions(specs);
  addSpellingVariants(specs, (w) => !!v?.index.has(w));
  return specs;
}
