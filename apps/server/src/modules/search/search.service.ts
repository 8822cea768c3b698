import type { Config } from '../../core/config.ts';
import type { DbOrTx } from '../../core/db/client.ts';
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

export interface SearchContext {
  db: DbOrTx;
  ai: Config['ai'];
  log: LlmLogger & { error: (obj: object, msg?: string) => void };
  fetchImpl?: typeof fetch;
  /** The external embedder (EMBEDDINGS_PROVIDER=openai), or none: the local vectors. */
  embedder?: Embedder | null;
}

/** Query understanding: the built-in parser, refined by the LLM when one is configured. */
export async function understandQuery(ctx: Omit<SearchContext, 'db'>, input: string): Promise<ParsedQuery> {
  const local = parseQuery(input);
  if (ctx.ai.provider !== 'openai') return local;
  const answer = await askLlm(ctx.ai, input, ctx.log, ctx.fetchImpl);
  return answer ? mergeLlmAnswer(local, answer) : local;
}

/** Ids of the published courses that answer the query, best first (empty when none fits). */
export async function searchCourseIds(ctx: SearchContext, input: string): Promise<string[]> {
  const parsed = await understandQuery(ctx, input);
  const ranked = await rankCourses(ctx.db, parsed, { embedder: ctx.embedder });
  return ranked.map((r) => r.id);
}
