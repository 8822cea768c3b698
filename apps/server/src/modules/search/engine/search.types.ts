/** Shapes shared by the engine's steps (expansion, vocabulary, retrieval, scoring). */

/** Sentinel vocabulary row whose `df` is the number of indexed courses. */
export const DOCS_TERM = '#docs';
/**
 * Sentinel row whose `df` grows by one with every re-indexing transaction: the version stamp
 * that in-process caches of the index (the dense vectors) compare per query.
 */
export const VERSION_TERM = '#version';
/** Sentinel row whose `df` is the format the index was built with (see INDEX_FORMAT). */
export const FORMAT_TERM = '#format';

export interface Expansion {
  words: string[];
  strength: number;
  kind: 'self' | 'lexicon' | 'vector' | 'typo' | 'prefix' | 'variant' | 'acronym' | 'phonetic';
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

/** A catalogue word's text-search lexeme and its document frequency. */
export interface Vocab {
  lexeme: string | null;
  df: number;
}

/** A phrase as lexemes with relative positions (stop words leave gaps). */
export type LexemeSeq = { lexeme: string; offset: number }[];

export interface Matchable {
  strength: number;
  seq: LexemeSeq;
  /** A mined acronym (one marked lexeme). */
  acronym?: boolean;
}

/** A concept with its expansions resolved to lexeme sequences. */
export interface Prepared {
  spec: ConceptSpec;
  matchables: Matchable[];
  parts: Prepared[];
}

/** Positions of each lexeme in a course's tsvector, by label. */
export type Postings = Map<string, { pos: number; label: string }[]>;

export interface CourseFacts {
  price: number | null;
  level: string | null;
  category: string;
}

export function allSpecs(specs: ConceptSpec[]): ConceptSpec[] {
  return specs.flatMap((s) => [s, ...s.parts]);
}
