import { doubleMetaphone } from 'double-metaphone';

/**
 * Phonetic keys (Double Metaphone) of the catalogue's words, for misspellings that sound
 * right but are several edits away ("fotografy" → photography, "kemistry" → chemistry,
 * "sykology" → psychology). At index time each word of six letters or more is also stored
 * as a marked term `#snd:<key>:<word>` (in `search_terms` only, like the other `#` rows: no
 * lexeme, not in the tsvector), so a query word the catalogue does not know is looked up by
 * key prefix on the terms' primary key, in the same statement as its other typo candidates.
 */

const SOUND_MARK = '#snd:';
const MIN_LENGTH = 6;

const soundable = (w: string) => w.length >= MIN_LENGTH && w.length <= 30 && /^[a-z]+$/.test(w);

/** The marked terms of a catalogue word (its primary key; none for short or non-alphabetic words). */
export function soundTerms(word: string): string[] {
  if (!soundable(word)) return [];
  const [primary] = doubleMetaphone(word);
  return primary ? [`${SOUND_MARK}${primary}:${word}`] : [];
}

/** Prefixes of the marked terms a query word may sound like (both of its keys). */
export function soundPrefixes(word: string): string[] {
  if (!soundable(word)) return [];
  return [...new Set(doubleMetaphone(word).filter(Boolean))].map((k) => `${SOUND_MARK}${k}:`);
}

/** The catalogue word of a marked term. */
export function soundWord(term: string): string {
  return term.slice(term.lastIndexOf(':') + 1);
}
