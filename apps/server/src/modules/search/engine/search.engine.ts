import type { DbOrTx } from '../../../core/db/client.ts';
import { clickBoost, queryGroup } from './search.clicks.ts';
import { courseVector, denseIndex, nearest } from './search.dense.ts';
import type { Embedder } from './search.embedder.ts';
import { expandConcepts } from './search.expand.ts';
import { fuseLists } from './search.fusion.ts';
import type { ParsedQuery } from './search.query.ts';
import {
  type CandidateRow,
  candidateRows,
  constraintOnly,
  lexicalCandidates,
  loadSignals,
  retrievalTerms,
} from './search.retrieve.ts';
import {
  answerThreshold,
  conceptMatches,
  constraintFactor,
  explainedShare,
  hasEvidence,
  idfFactor,
  listable,
  nearOtherConcepts,
  parseTsvector,
  prepare,
  rankedMatch,
  tieBreak,
  titledAcronymsOf,
  topicBonus,
} from './search.scoring.ts';
import { DEFAULT_TUNING, type Tuning } from './search.tuning.ts';
import { allSpecs, type CourseFacts, type Prepared, type ScoredCourse } from './search.types.ts';
import { cosineStored, embed, wordVectors } from './search.vectors.ts';
import { categoryLexemesFrom, resolveVocabulary } from './search.vocabulary.ts';

export type { ScoredCourse } from './search.types.ts';

/**
 * The built-in engine: expands the parsed query's concepts (lexicon, word-vector neighbours,
 * catalogue typos and prefixes), retrieves candidates with PostgreSQL full-text search
 * (GIN index over weighted tsvectors), scores each candidate by how much of the query's
 * meaning it covers and where (title > subtitle > category > lecture titles > description),
 * and keeps only courses above a calibrated threshold. Rating and popularity only break
 * near-ties (or lead when the learner asked for "best rated"/"popular").
 */

export interface RankOptions {
  debug?: boolean;
  tuning?: Tuning;
  /** An external embedder (search.embedder.ts): its neighbours replace the local ones when usable. */
  embedder?: Embedder | null;
  /**
   * The click signal's key of the query (search.clicks.ts `queryGroup`); null: no click signal;
   * absent: the parsed query's own group.
   */
  clickKey?: string | null;
}

/** `explained`: the topic score with the query's importance capped at `evidenceMass` (answer decision). */
type Scored = ScoredCourse & { coreMatch: number; explained: number; facts: CourseFacts };

const rowFacts = (s: Scored | undefined): CourseFacts => s?.facts ?? { price: null, level: null, category: '' };

/** What a query contributes to scoring every candidate. */
interface QueryModel {
  prepared: Prepared[];
  totalImportance: number;
  qVec: Float32Array | null;
  /** Query vector of the dense retrieval (with expansions). */
  denseVec: Float32Array | null;
  /** Lexemes of the strong expansions (for the title focus). */
  strongLexemes: Set<string>;
  /** Lexemes whose positions are read from each candidate's tsvector. */
  wanted: Set<string>;
  /** The query's most specific concept: an answer that misses it entirely needs more support. */
  core: Prepared | undefined;
  catLexemes: Map<string, Set<string>>;
  /** Acronym lexemes some lexical candidate has in its title or subtitle. */
  titledAcronyms: Set<string>;
}

function lexemesOf(prepared: Prepared[], minStrength: number): Set<string> {
  const out = new Set<string>();
  const add = (p: Prepared) => {
    for (const m of p.matchables) if (m.strength >= minStrength) for (const s of m.seq) out.add(s.lexeme);
    p.parts.forEach(add);
  };
  prepared.forEach(add);
  return out;
}

/**
 * Words of the dense query vector: the concepts' own words, and (weaker) their expansions
 * (lexicon, Hinglish, typo fixes, neighbours), so a need in other words still points near it.
 */
const denseWeightCache = new WeakMap<Prepared[], Map<string, number>>();
function denseWeights(prepared: Prepared[]): Map<string, number> {
  const cached = denseWeightCache.get(prepared);
  if (cached) return cached;
  const out = new Map<string, number>();
  const add = (w: string, x: number) => out.set(w, Math.max(out.get(w) ?? 0, x));
  for (const p of prepared) {
    for (const w of p.spec.words) add(w, p.spec.importance);
    for (const e of p.spec.expansions)
      if (e.kind !== 'self' && e.kind !== 'prefix' && e.strength >= 0.5)
        for (const w of e.words) add(w, 0.5 * e.strength * p.spec.importance);
  }
  denseWeightCache.set(prepared, out);
  return out;
}

function queryModel(
  prepared: Prepared[],
  catLexemes: Map<string, Set<string>>,
  titledAcronyms: Set<string>,
): QueryModel {
  const v = wordVectors();
  const qWeights = new Map<string, number>();
  for (const p of prepared)
    for (const w of p.spec.words) qWeights.set(w, Math.max(qWeights.get(w) ?? 0, p.spec.importance));
  return {
    prepared,
    totalImportance: prepared.reduce((s, p) => s + p.spec.importance, 0) || 1,
    qVec: v ? embed(v, qWeights.keys(), (w) => qWeights.get(w) ?? 0) : null,
    denseVec: v ? embed(v, denseWeights(prepared).keys(), (w) => denseWeights(prepared).get(w) ?? 0) : null,
    strongLexemes: lexemesOf(prepared, 0.5),
    wanted: lexemesOf(prepared, Number.NEGATIVE_INFINITY),
    core: prepared.length > 1 ? prepared.reduce((a, b) => (b.spec.importance > a.spec.importance ? b : a)) : undefined,
    catLexemes,
    titledAcronyms,
  };
}

/** Topic score (coverage of the query's concepts plus small bonuses) and constrained score of one course. */
function scoreCandidate(c: CandidateRow, m: QueryModel, q: ParsedQuery, t: Tuning, debug: boolean): Scored {
  const { postings, titleWords } = parseTsvector(c.tsv, m.wanted);
  const catLex = m.catLexemes.get(c.category);
  let covered = 0;
  let coveredRanked = 0;
  let coreMatch = 1;
  const perConcept: Record<string, number> = {};
  const near = t.proximityBoost ? nearOtherConcepts(m.prepared, postings, t) : undefined;
  for (const [i, p] of m.prepared.entries()) {
    const { best, others } = conceptMatches(p, postings, catLex, t, m.titledAcronyms);
    const match = near?.[i] ? Math.min(1, best * (1 + t.proximityBoost)) : best;
    const ranked = rankedMatch(match, others, t);
    covered += p.spec.importance * match;
    coveredRanked += p.spec.importance * ranked;
    if (p === m.core) coreMatch = match;
    if (debug) perConcept[p.spec.phrase] = Math.round(ranked * 100) / 100;
  }
  let topic = coveredRanked / m.totalImportance;
  const explained = explainedShare(covered, m.totalImportance, t);
  // Focus: share of the title's words that the query's meaning covers.
  let titleHit = 0;
  for (const [lex, list] of postings) {
    if (!m.strongLexemes.has(lex)) continue;
    for (const x of list) if (x.label === 'A') titleHit++;
  }
  const focus = titleWords ? titleHit / titleWords : 0;
  const emb = m.qVec && c.emb ? cosineStored(Buffer.from(c.emb, 'hex'), m.qVec) : 0;
  const bonus = topicBonus(topic, focus, emb, t);
  topic += bonus;
  return {
    id: c.course_id,
    topic,
    explained: explained + bonus,
    score: topic * constraintFactor(q.constraints, c, t),
    coreMatch,
    facts: { price: c.price, level: c.level, category: c.category },
    detail: debug ? { perConcept, focus: Math.round(focus * 100) / 100, emb: Math.round(emb * 100) / 100 } : undefined,
  };
}

/** Runs the built-in engine on a parsed query; best first, at most `maxResults`. */
export async function rankCourses(db: DbOrTx, q: ParsedQuery, opts: RankOptions = {}): Promise<ScoredCourse[]> {
  const t = opts.tuning ?? DEFAULT_TUNING;
  const debug = !!opts.debug;
  if (q.concepts.length === 0) {
    const hasConstraint = !!(q.constraints.price || q.constraints.level || q.constraints.category || q.sort);
    return hasConstraint ? constraintOnly(db, q, t) : [];
  }
  // External embedder: the query's vector is asked for now and awaited at the dense step.
  const external = opts.embedder?.startQuery(db, q) ?? null;
  const { model, scored, docs, version } = await lexicalStage(db, q, t, debug);

  // Dense evidence: the nearest courses by embedding, from the in-process vector cache.
  const v = wordVectors();
  const cache = v && model.denseVec ? await denseIndex(db, version, v.dims) : null;
  const dense = cache && model.denseVec ? nearest(cache, model.denseVec, t.denseK) : [];
  const lexBest = scored.length ? scored.reduce((a, b) => (b.topic > a.topic ? b : a)) : undefined;
  const lexicalAnswer = scored.some((s) => s.explained >= answerThreshold(s.coreMatch, t));
  const denseBest = dense[0]?.similarity ?? 0;
  const evidence = { lexical: lexBest?.topic ?? 0, lexicalAnswer, dense: denseBest };
  if (debug) lastEvidence = evidence;
  if (!hasEvidence(evidence, t)) return [];

  const lexList = lexBest ? listable(scored, lexBest.topic, t).slice(0, t.maxResults * 2) : [];
  // The external embedder's neighbours when its catalogue is complete and the query's vector came in
  // time (the answer decision above keeps the local, calibrated similarity); else the local ones.
  const neighbours = (await opts.embedder?.nearest(db, external, version, docs, t.denseK)) ?? dense;
  const denseHits = closeToNearest(neighbours, t);
  const similar = likeTheAnswer(cache, lexicalAnswer, lexList, t);
  const byId = new Map(scored.map((s) => [s.id, s]));
  // The index rows of the neighbours the lexical part missed.
  const missing = [...denseHits, ...similar].filter((d) => !byId.has(d.id)).map((d) => d.id);
  for (const row of await candidateRows(db, missing)) byId.set(row.course_id, scoreCandidate(row, model, q, t, debug));
  const denseList = denseHits
    .filter((d) => byId.has(d.id))
    .map((d) => ({ id: d.id, score: d.similarity * constraintFactor(q.constraints, rowFacts(byId.get(d.id)), t) }))
    .sort((a, b) => b.score - a.score)
    .map((d) => d.id);
  const fused = [
    ...new Set([
      ...fuseLists(
        lexList.map((s) => s.id),
        denseList,
        lexicalAnswer,
        t,
      ),
      ...similar.filter((d) => byId.has(d.id)).map((d) => d.id),
    ]),
  ].slice(0, t.maxResults * 2);
  const clickKey = t.clickWeight > 0 ? (opts.clickKey === undefined ? queryGroup(q)?.key : opts.clickKey) : null;
  return orderBySignals(db, fused, byId, q, t, clickKey ?? undefined);
}

/**
 * The lexical part: the query's concepts expanded and weighed by how many courses mention them,
 * the candidates full-text search finds for them, each scored.
 */
async function lexicalStage(db: DbOrTx, q: ParsedQuery, t: Tuning, debug: boolean) {
  const specs = expandConcepts(wordVectors(), q.concepts, t);
  const { vocab, docs, version } = await resolveVocabulary(db, specs, t);
  // Catalogue specificity: a concept most courses mention says less about which course fits.
  for (const s of allSpecs(specs)) s.importance *= idfFactor(s.words, vocab, docs, t);
  const prepared = specs.map((s) => prepare(s, vocab));

  const ranked = retrievalTerms(prepared, t);
  const lexRows = ranked.length ? await lexicalCandidates(db, ranked, docs, t) : [];
  const titled = titledAcronymsOf(
    prepared,
    lexRows.map((c) => c.tsv),
  );
  const model = queryModel(prepared, categoryLexemesFrom(vocab), titled);
  const scored = lexRows.map((c) => scoreCandidate(c, model, q, t, debug));
  return { model, scored, docs, version };
}

type Neighbour = { id: string; similarity: number };
type DenseCache = Awaited<ReturnType<typeof denseIndex>>;

/** Dense neighbours close to the nearest one. */
function closeToNearest(neighbours: Neighbour[], t: Tuning): Neighbour[] {
  const nearestSim = neighbours[0]?.similarity ?? 0;
  return neighbours.filter((d) => d.similarity >= t.denseFloor && d.similarity >= nearestSim - t.denseSpread);
}

/**
 * A short lexical answer is followed by courses like its best one (relevance feedback): the
 * siblings of a precise answer ("jetpack compose" → other Android courses) name none of its words.
 */
function likeTheAnswer(cache: DenseCache | null, lexicalAnswer: boolean, lexList: Scored[], t: Tuning): Neighbour[] {
  const best = lexicalAnswer && lexList.length < t.feedbackBelow ? lexList[0] : undefined;
  const bestVec = best && cache ? courseVector(cache, best.id) : null;
  if (!cache || !bestVec) return [];
  return nearest(cache, bestVec, t.feedbackBelow + 1)
    .filter((d) => d.id !== best?.id)
    .filter(
      (d, _, all) => d.similarity >= t.feedbackFloor && d.similarity >= (all[0]?.similarity ?? 0) - t.feedbackSpread,
    )
    .slice(0, t.feedbackBelow - lexList.length);
}

/** Fused order (one rank = 0.025), moved by rating and popularity: about a rank, or a few when asked for; published only. */
async function orderBySignals(
  db: DbOrTx,
  fused: string[],
  byId: Map<string, Scored>,
  q: ParsedQuery,
  t: Tuning,
  clickKey: string | undefined,
): Promise<ScoredCourse[]> {
  // Learners' clicks for this query's group, when the group has any (search.clicks.ts): they only
  // reorder what the engine found, never add a course or answer a query the engine abstains on.
  const signals = await loadSignals(db, fused, clickKey);
  return fused
    .filter((id) => signals.get(id)?.published)
    .map((id, i) => {
      const s = byId.get(id) as Scored;
      const signal = signals.get(id);
      return {
        id,
        topic: s.topic,
        score: 1 - i / (2 * t.maxResults) + tieBreak(signal, q.sort, t) + clickBoost(signal?.click, t),
        detail: s.detail,
      };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, t.maxResults);
}

/** Evidence of the last debug query (calibration). */
export let lastEvidence: { lexical: number; lexicalAnswer: boolean; dense: number } | undefined;
