import { z } from 'zod';
import { schema } from './define.ts';
import { MESSAGES } from './messages.ts';

export const SEARCH_QUERY_MAX = 500;

/** `POST /api/ai/search`: the learner's question in their own words (trimmed and checked by the server). */
export const searchRequestSchema = schema(() => z.object({ input: z.string({ error: MESSAGES.searchQueryRequired }) }));
export type SearchRequest = z.infer<typeof searchRequestSchema>;
