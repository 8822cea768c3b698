import { courseSchema, MESSAGES, SEARCH_QUERY_MAX, searchRequestSchema } from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../core/errors.ts';
import { loadCourseCards } from '../courses/courses.service.ts';
import { searchCourseIds } from './search.service.ts';

/** Searches per signed-in user and minute (a person typing or speaking stays far below). */
export const SEARCH_RATE_LIMIT = { max: 120, windowMs: 60_000 };

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = app.limiter({
    name: 'ai-search',
    max: SEARCH_RATE_LIMIT.max,
    windowMs: SEARCH_RATE_LIMIT.windowMs,
    key: (request) => request.user?.id ?? null,
  });

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
        throw badRequest(message, { input: message });
      }
      const ids = await searchCourseIds(
        { db: app.db, ai: app.config.ai, log: request.log, embedder: app.searchEmbedder },
        input,
      );
      return loadCourseCards(app.db, app.storage, ids, { viewerId: request.user?.id });
    },
  );
};

export default searchRoutes;
