/**
 * The engine's tunable constants, calibrated on the development sets (see docs/search.md).
 * Passed to every scoring function as a parameter so that calibration runs and tests can try
 * other values without touching a global.
 */
export interface Tuning {
  /** Field factors by tsvector label (A title, B subtitle, C lecture titles, D description) and category. */
  field: Record<'A' | 'B' | 'C' | 'D' | 'category', number>;
  /** Vector neighbours: minimum cosine, and strength = scale × (sim − floor)/(1 − floor). */
  vecMinSim: number;
  vecFloor: number;
  vecScale: number;
  /** Neighbours that are not forms of the same word. */
  vecSiblingFactor: number;
  /** Prefix matches ("photo" → "photography"). */
  prefixStrength: number;
  /** Multi-word concept matched only by some of its words. */
  partialFactor: number;
  /** Weak words' importance. */
  weakImportance: number;
  /** Embedding similarity bonus. */
  embWeight: number;
  embFloor: number;
  /** Share of the title covered by the query. */
  focusWeight: number;
  /** Constraint satisfied (per constraint). */
  priceBonus: number;
  levelBonus: number;
  categoryBonus: number;
  /** The query is answerable when its best course covers this much of it … */
  minScore: number;
  /** … and then courses covering at least this much (and relScore of the best) are listed. */
  floorScore: number;
  /** When the best course misses the query's most specific concept (match below coreMissing),
   * it must cover coreMargin more. */
  coreMissing: number;
  coreMargin: number;
  relScore: number;
  /** Weight of the catalogue's own document frequency in a concept's importance. */
  idfWeight: number;
  /** Near-tie breakers. */
  ratingTie: number;
  popularTie: number;
  /** When the learner asked for it. */
  ratingWish: number;
  popularWish: number;
  maxResults: number;
  candidates: number;
  maxExpansions: number;
  /** Expansions that take part in the first, title/subtitle-only retrieval (at most strongMax). */
  strongWeight: number;
  strongMax: number;
  /** Matches ranked per retrieval at most. */
  matchCap: number;
  /** Expansions used by ts_rank to order the matches. */
  rankTerms: number;
  /** Expansions in the wide retrieval at most. */
  wideMax: number;
  /** Up to this many indexed courses, retrieval goes straight to all fields. */
  smallCatalogue: number;
  /** Widen to all fields and expansions when the first retrieval found fewer than this share. */
  widenBelow: number;
  /** Related names given by the LLM. */
  alternativeStrength: number;
  /** Typo corrections: one edit, two edits. */
  typoStrength1: number;
  typoStrength2: number;
  /** Importance given to a concept whose word was corrected. */
  typoImportance: number;
  /** A catalogue word with the same phonetic key as a misspelt query word, a few edits away. */
  phoneticStrength: number;
  /** A query word matched as the initials of a catalogue term. */
  acronymStrength: number;
  /** Its lecture/description matches count this much when some candidate has it in a title. */
  acronymChance: number;
  /** Dense retrieval: neighbours read per query. */
  denseK: number;
  /**
   * Abstaining on evidence: besides a lexical answer, the query is answered when
   * nearest-course cosine + evidenceLexWeight × best lexical topic reaches evidenceAnswer
   * (fitted by cross-validation over all labelled queries; docs/search.md has the curve).
   */
  evidenceLexWeight: number;
  evidenceAnswer: number;
  /**
   * Importance mass that fully explains a query for the answer decision: a long description
   * of a need is bound to contain words no course uses, so its evidence is the share of at
   * most this much importance (about two fully specific concepts), not of all its words.
   */
  evidenceMass: number;
  /** Concepts whose strong matches (strength ≥ proximityStrength) lie within proximityWindow
   * positions of another concept's in one field count (1 + proximityBoost) times, up to 1. */
  proximityBoost: number;
  proximityWindow: number;
  proximityStrength: number;
  /** Dense neighbours listed at most this far below the nearest one (and above denseFloor). */
  denseSpread: number;
  denseFloor: number;
  /** Reciprocal-rank fusion: rank offset, and the dense list's weight (the lexical list has 1). */
  rrfK: number;
  denseWeight: number;
  /** Dense-only courses added after a lexical answer at most. */
  denseAppend: number;
  /** A concept's other expansions' matches close this share (× their sum) of the gap to a full
   * match, at most accumulateCap of it. */
  accumulate: number;
  accumulateCap: number;
  /** A lexical answer shorter than feedbackBelow is filled up to that length with the courses
   * whose vectors are nearest its best one's (cosine ≥ feedbackFloor and within feedbackSpread
   * of the nearest: averaged word vectors are all fairly alike, so only clear siblings). */
  feedbackBelow: number;
  feedbackFloor: number;
  feedbackSpread: number;
  /**
   * Learners' clicks (search.clicks.ts, issue #33): at most this much added to a course's final score
   * (one rank = 1 / (2 × maxResults) = 0.025), for a click score of 1.
   */
  clickWeight: number;
  /** Position bias: a learner examines position r with probability r^-clickBiasExponent. */
  clickBiasExponent: number;
  /** Positions counted (below it a result is hardly seen, and its clicks would weigh too much). */
  clickDepth: number;
  /** Examinations without a click every course starts with (shrinkage: a few learners say little). */
  clickPrior: number;
  /** Distinct learners who opened a course in a group before it has a score at all. */
  clickMinLearners: number;
  /** What an open without an enrolment counts (an enrolment counts 1). */
  clickOpenValue: number;
}

export const DEFAULT_TUNING: Readonly<Tuning> = Object.freeze({
  field: { A: 1, B: 0.8, category: 0.72, C: 0.62, D: 0.45 },
  vecMinSim: 0.62,
  vecFloor: 0.5,
  vecScale: 0.7,
  vecSiblingFactor: 0.5,
  prefixStrength: 0.55,
  partialFactor: 0.6,
  weakImportance: 0.25,
  embWeight: 0.15,
  embFloor: 0.35,
  focusWeight: 0.08,
  priceBonus: 0.35,
  levelBonus: 0.3,
  categoryBonus: 0.05,
  minScore: 0.42,
  floorScore: 0.2,
  coreMissing: 0.15,
  coreMargin: 0.12,
  relScore: 0.2,
  idfWeight: 0.65,
  ratingTie: 0.02,
  popularTie: 0.01,
  ratingWish: 0.12,
  popularWish: 0.12,
  maxResults: 20,
  candidates: 200,
  maxExpansions: 80,
  strongWeight: 0.4,
  strongMax: 24,
  matchCap: 1500,
  rankTerms: 10,
  wideMax: 40,
  smallCatalogue: 10_000,
  widenBelow: 0.5,
  alternativeStrength: 0.8,
  typoStrength1: 0.9,
  typoStrength2: 0.75,
  typoImportance: 0.8,
  phoneticStrength: 0.75,
  acronymStrength: 0.8,
  acronymChance: 0.5,
  denseK: 30,
  evidenceLexWeight: 0,
  evidenceAnswer: 0.84,
  evidenceMass: 2,
  proximityBoost: 1,
  proximityWindow: 2,
  proximityStrength: 0.9,
  denseSpread: 0.08,
  denseFloor: 0.5,
  rrfK: 10,
  denseWeight: 1,
  denseAppend: 5,
  accumulate: 0.8,
  accumulateCap: 0.75,
  feedbackBelow: 10,
  feedbackFloor: 0.8,
  feedbackSpread: 0.05,
  clickWeight: 0.1,
  clickBiasExponent: 1,
  clickDepth: 10,
  clickPrior: 10,
  clickMinLearners: 5,
  clickOpenValue: 0.75,
});

/** The defaults with some values replaced (calibration, tests). */
export function tuningWith(overrides: Partial<Tuning>): Tuning {
  return { ...DEFAULT_TUNING, ...overrides, field: { ...DEFAULT_TUNING.field, ...overrides.field } };
}
