import type { Tuning } from './search.tuning.ts';

/**
 * Reciprocal-rank fusion: each list adds weight / (k + rank) to the items it ranks (rank from 1).
 * Ranks, not scores, are combined, so lists on different scales (coverage vs cosine) mix
 * without calibration. Ties keep the order of the first list, then of the later ones.
 */
export function reciprocalRankFusion(lists: { ids: string[]; weight: number }[], k: number): string[] {
  const score = new Map<string, number>();
  const firstSeen = new Map<string, number>();
  let order = 0;
  for (const { ids, weight } of lists) {
    ids.forEach((id, i) => {
      score.set(id, (score.get(id) ?? 0) + weight / (k + i + 1));
      if (!firstSeen.has(id)) firstSeen.set(id, order++);
    });
  }
  return [...score.keys()].sort(
    (a, b) => (score.get(b) ?? 0) - (score.get(a) ?? 0) || (firstSeen.get(a) ?? 0) - (firstSeen.get(b) ?? 0),
  );
}

/**
 * The engine's fusion of its lexical and dense lists. When the lexical evidence answers the
 * query on its own, its order is kept and the dense list only adds courses after it (weighted
 * RRF would let a weak signal reorder a strong one): the hybrid is never worse than its lexical
 * part on the courses that part found. When only the combined evidence answers, neither list
 * is trusted alone and both are fused by reciprocal rank, the dense one with full weight.
 */
export function fuseLists(lexical: string[], dense: string[], lexicalAnswers: boolean, t: Tuning): string[] {
  if (lexicalAnswers) {
    const seen = new Set(lexical);
    const added = reciprocalRankFusion([{ ids: dense.filter((id) => !seen.has(id)), weight: 1 }], t.rrfK);
    return [...lexical, ...added.slice(0, t.denseAppend)];
  }
  return reciprocalRankFusion(
    [
      { ids: lexical, weight: 1 },
      { ids: dense, weight: t.denseWeight },
    ],
    t.rrfK,
  );
}
