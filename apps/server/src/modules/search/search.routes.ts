import {
  courseSchema,
  MESSAGES,
  SEARCH_QUERY_MAX,
  searchDemandQuerySchema,
  searchDemandSchema,
  searchRequestSchema,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../core/errors.ts';
import { recordEvent } from '../analytics/analytics.service.ts';
import { loadCourseCards } from '../courses/courses.service.ts';
import { demandRange, searchDemand, searchDemandCsv, searchEventPayload } from './search.demand.ts';
import { searchGroup, timedSearch } from './search.service.ts';

/** Searches per signed-in user and minute (a person typing or speaking stays far below). */
export const SEARCH_RATE_LIMIT = { max: 120, windowMs: 60_000 };

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = app.limiter({
    name: 'ai-search',
    max: SEARCH_RATE_LIMIT.max,
    windowMs: SEARCH_RATE_LIMIT.windowMs,
    key: (request) => request.user?.id ?? null,
  });
  const searchCourseIds = timedSearch(app.metrics);

  app.post(
    '/search',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['search'],
        summary:
          'AI course search: published courses that answer a natural-language query, best first ([] when none fits)',
        body: searchRequestSchema,
        response: { 200: z.array(courseSchema) },
      },
    },
    async (request) => {
      await limiter.hit(request);
      const input = request.body.input.trim();
      if (!input) throw badRequest(MESSAGES.searchQueryRequired, { input: MESSAGES.searchQueryRequired });
      if (input.length > SEARCH_QUERY_MAX) {
        const message = `Search query is too long (at most ${SEARCH_QUERY_MAX} characters)`;
        throw badRequest(
          { id: 'search_query_too_long', message, params: { max: SEARCH_QUERY_MAX } },
          { input: message },
        );
      }
      const ids = await searchCourseIds(
        { db: app.db, ai: app.config.ai, log: request.log, embedder: app.searchEmbedder },
        input,
      );
      const cards = await loadCourseCards(app.db, app.storage, ids, { viewerId: request.user?.id });
      await recordSearch(input, cards);
      return cards;
    },
  );
};

/**
 * The search as an analytics event (issue #33): what the search-demand report and the click signal
 * are made of (search.demand.ts). Buffered, never waits for the database; nothing for `DNT: 1` /
 * `Sec-GPC: 1`; never fails the search.
 */
async function recordSearch(input: string, cards: { _id: string; category: string }[]) {
  const group = searchGroup(input);
  if (!group) return;
  const results = cards.map((c) => ({ id: c._id, category: c.category }));
  await recordEvent({ type: 'search', payload: { ...searchEventPayload(input, group, results) } }).catch(() => false);
}

/**
 * `GET /api/analytics/search-demand` (registered by app.ts under /api/analytics): what learners
 * searched for and did not find, for every educator (it tells them what to teach next).
 */
export const searchDemandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search-demand',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['analytics'],
        summary:
          'What learners searched for and did not find (no result, or none opened), grouped by meaning; groups of at least 5 learners',
        description:
          'Days are India days, both included (default: the 30 days up to today). `format=csv` answers the same as CSV.',
        querystring: searchDemandQuerySchema,
        // JSON, or the same as CSV text.
        response: { 200: z.union([searchDemandSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const { category, format } = request.query;
      const range = demandRange(request.query.from, request.query.to);
      const report = await searchDemand(app.db, { ...range, category });
      if (format !== 'csv') return report;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="search-demand-${range.from}-${range.to}.csv"`)
        .send(searchDemandCsv(report));
    },
  );
};

export default searchRoutes;
