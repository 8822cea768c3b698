import { z } from 'zod';
import { schema, text } from './define.ts';
import { MESSAGES } from './messages.ts';

export const SEARCH_QUERY_MAX = 500;

/** `POST /api/ai/search`: the learner's question in their own words (trimmed and checked by the server). */
export const searchRequestSchema = schema(() =>
  z.object({ input: text('Search query', { error: MESSAGES.searchQueryRequired, multiline: true }) }),
);
export type SearchRequest = z.infer<typeof searchRequestSchema>;
