import {
  analyticsEventsRequestSchema,
  analyticsEventsResponseSchema,
  analyticsRangeQuerySchema,
  analyticsReportSchema,
  lectureRetentionQuerySchema,
  lectureRetentionSchema,
  text,
} from '@kaksha/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../core/errors.ts';
import type { EventRow } from './analytics.recorder.ts';
import {
  analyticsReport,
  courseScope,
  lectureRetention,
  overviewScope,
  reportCsv,
  reportRange,
  retentionCsv,
} from './analytics.service.ts';

const tags = ['analytics'];

const sendCsv = (reply: FastifyReply, fileName: string, csv: string) =>
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);

/**
 * Course analytics (issue #33), mounted at /api: the web app's events, and the educators' reports
 * (read from the rollup tables). Docs: docs/analytics.md.
 */
const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // navigator.sendBeacon sends a string body as text/plain: read it as the JSON it is (this plugin only).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest({ id: 'invalid_json', message: 'The body is not valid JSON' }), undefined);
    }
  });

  app.post(
    '/events',
    {
      // 50 events with the longest referrers fit; anything larger is no batch of ours (413).
      bodyLimit: 256 * 1024,
      schema: {
        tags,
        summary: "The web app's analytics events (at most 50), signed in or not; answered 202 at once",
        description:
          'Buffered and written in batches; nothing is recorded for a request with `DNT: 1` or `Sec-GPC: 1` (`accepted: 0`), and events beyond the buffer are dropped (counted), never waited for. No IP address, user id or user agent is stored: a daily rotating visitor hash and a learner pseudonym stand in. Also accepts the same JSON as `text/plain` (`navigator.sendBeacon`).',
        body: analyticsEventsRequestSchema,
        response: { 202: analyticsEventsResponseSchema },
      },
    },
    async (request, reply) => {
      const rows = request.body.events
        .map((event) => app.analytics.row(event, request))
        .filter((row): row is EventRow => row !== null);
      const accepted = rows.length > 0 ? app.analytics.push(rows) : 0;
      return reply.code(202).send({ accepted });
    },
  );

  const report = { 200: z.union([analyticsReportSchema, z.string()]) };

  app.get(
    '/analytics/overview',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The educator's courses together (an admin: every course), day by day (India time)",
        description:
          'Dates `YYYY-MM-DD`; `to` defaults to today, `from` to 29 days before `to`; at most 400 days. `format=csv`: a line per day and the totals. Figures appear within ANALYTICS_ROLLUP_SECONDS.',
        querystring: analyticsRangeQuerySchema,
        response: report,
      },
    },
    async (request, reply) => {
      const scope = overviewScope(request.user!);
      const range = reportRange(request.query, app.analytics.now());
      const result = await analyticsReport(app.db, scope, range);
      if (request.query.format !== 'csv') return result;
      return sendCsv(reply, `kaksha-analytics-${range.from}-${range.to}.csv`, reportCsv(result));
    },
  );

  app.get(
    '/analytics/course/:courseId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "One course's analytics, day by day (its educator, or an admin)",
        params: z.object({ courseId: text('courseId') }),
        querystring: analyticsRangeQuerySchema,
        response: report,
      },
    },
    async (request, reply) => {
      const scope = await courseScope(app.db, request.user!, request.params.courseId);
      const range = reportRange(request.query, app.analytics.now());
      const result = await analyticsReport(app.db, scope, range);
      if (request.query.format !== 'csv') return result;
      return sendCsv(reply, `kaksha-course-${range.from}-${range.to}.csv`, reportCsv(result));
    },
  );

  app.get(
    '/analytics/lecture/:lectureId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "A lecture's watch retention per 5 % and where viewers skip back (its educator, or an admin)",
        params: z.object({ lectureId: text('lectureId') }),
        querystring: lectureRetentionQuerySchema,
        response: { 200: z.union([lectureRetentionSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const result = await lectureRetention(app.db, request.user!, request.params.lectureId);
      if (request.query.format !== 'csv') return result;
      return sendCsv(reply, `kaksha-lecture-retention-${result.lectureId}.csv`, retentionCsv(result));
    },
  );
};

export default analyticsRoutes;
