import type { Config } from '../../core/config.ts';
import type { DbOrTx } from '../../core/db/client.ts';
import type { Metrics } from '../../core/metrics.ts';
import { type QueryGroup, queryGroup } from './engine/search.clicks.ts';
import type { Embedder } from './engine/search.embedder.ts';
import { rankCourses } from './engine/search.engine.ts';
import { askLlm, type LlmLogger, mergeLlmAnswer } from './engine/search.llm.ts';
import { type ParsedQuery, parseQuery } from './engine/search.query.ts';

/**
 * app.ts registers the embedder (the dense half of the index) before the routes; its
 * `ReembedQueue` (`app.searchReembed`) is what `reindexCourse` takes.
 */
export { type ReembedQueue, searchEmbedderPlugin } from './engine/search.embedder.ts';
/**
 * `reindexCourse`: the courses and lectures services call it after every change to a course or its
 * lectures. `reindexAll`, `markIndexCurrent`: the seeds index a whole catalogue at once.
 * `searchIndexUpgradePlugin`: app.ts starts the index's upgrade to a new format with it.
 */
export { markIndexCurrent, reindexAll, reindexCourse, searchIndexUpgradePlugin } from './engine/search.index.ts';
/**
 * Short texts other than courses (a course's Q&A questions) searched with the engine's language
 * handling: `recordTsvector` and `recordTerms` when one is stored, `recordMatcher` to find them.
 */
export { type RecordVocabulary, recordMatcher, recordTerms, recordTsvector } from './engine/search.records.ts';
/**
 * `searchLearningPlugin`: app.ts starts the search rollup and the click signal's job with it
 * (search.learning.ts, issue #33).
 */
export { searchLearningPlugin } from './search.learning.ts';

export interface SearchContext {
  db: DbOrTx;
  ai: Config['ai'];
  log: LlmLogger & { error: (obj: object, msg?: string) => void };
  fetchImpl?: typeof fetch;
  /** The external embedder (EMBEDDINGS_PROVIDER=openai), or none: the local vectors. */
  embedder?: Embedder | null;
}

/** Query understanding: the built-in parser, refined by the LLM when one is configured. */
export async function understandQuery(
  ctx: Omit<SearchContext, 'db'>,
  input: string,
  local = parseQuery(input),
): Promise<ParsedQuery> {
  if (ctx.ai.provider !== 'openai') return local;
  const answer = await askLlm(ctx.ai, input, ctx.log, ctx.fetchImpl);
  return answer ? mergeLlmAnswer(local, answer) : local;
}

/** Ids of the published courses that answer the query, best first (empty when none fits). */
export async function searchCourseIds(ctx: SearchContext, input: string): Promise<string[]> {
  const local = parseQuery(input);
  const parsed = await understandQuery(ctx, input, local);
  const clickKey = searchGroup(input, local)?.key ?? null;
  const ranked = await rankCourses(ctx.db, parsed, { embedder: ctx.embedder, clickKey });
  return ranked.map((r) => r.id);
}

/**
 * The query's group (engine/search.clicks.ts): what learners' clicks are counted under and what the
 * search-demand report groups by. From the built-in parser, also with an LLM (whose answers vary),
 * so that one query is always one group.
 */
export function searchGroup(input: string, local?: ParsedQuery): QueryGroup | null {
  // The route asks again for the search it has just answered: parsing is not free (a few ms).
  const known = recentGroups.get(input);
  if (known !== undefined) return known;
  const group = queryGroup(local ?? parseQuery(input));
  if (recentGroups.size >= RECENT_GROUPS) recentGroups.delete(recentGroups.keys().next().value as string);
  recentGroups.set(input, group);
  return group;
}

/** The groups of the latest queries (insertion order: the oldest is dropped first). */
const RECENT_GROUPS = 1000;
const recentGroups = new Map<string, QueryGroup | null>();

/**
 * `searchCourseIds`, timed for the metrics: `kaksha_search_duration_seconds` by result (found, empty
 * — the empty-answer rate —, error).
 */
export function timedSearch(metrics: Metrics) {
  const searches = metrics.histogram({
    name: 'kaksha_search_duration_seconds',
    help: 'AI course searches (query understanding and ranking) by result: found, empty (no course fits), error',
    labelNames: ['result'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  return async (ctx: SearchContext, input: string) => {
    const done = searches.startTimer();
    try {
      const ids = await searchCourseIds(ctx, input);
      done({ result: ids.length > 0 ? 'found' : 'empty' });
      return ids;
    } catch (error) {
      done({ result: 'error' });
      throw error;
    }
  };
}
