import {
  acceptAnswerRequestSchema,
  answerSchema,
  askQuestionRequestSchema,
  featureRequestSchema,
  inboxPageSchema,
  inboxQuerySchema,
  lockRequestSchema,
  messageSchema,
  postAnswerRequestSchema,
  QA_LIMITS,
  qaStatsSchema,
  questionDetailSchema,
  questionListQuerySchema,
  questionPageSchema,
  questionSchema,
  reportRequestSchema,
  text,
  voteRequestSchema,
  voteResponseSchema,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptAnswer,
  askQuestion,
  courseQaStats,
  deleteAnswer,
  deleteQuestion,
  educatorInbox,
  listCourseQuestions,
  postAnswer,
  questionDetail,
  reportPost,
  setQuestionFlag,
  voteQuestion,
} from './qa.service.ts';

const idParams = z.object({ id: text('id') });
const questionParams = z.object({ questionId: text('questionId') });
const answerParams = z.object({ answerId: text('answerId') });
const courseParams = z.object({ courseId: text('courseId') });

const WHO =
  'The course’s enrolled learners and its educator; another signed-in user 403 (404 for a draft course), a visitor 401.';

/** Q&A (mounted at /api/qa): questions on a course, tied to a lecture and its second, answers, votes. */
const qaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  const perUser = (name: string, limit: { max: number; windowMs: number }) =>
    app.limiter({ name, ...limit, key: (request) => request.user?.id ?? null });
  const askLimit = perUser('qa-ask', QA_LIMITS.ask);
  const answerLimit = perUser('qa-answer', QA_LIMITS.answer);
  const reportLimit = perUser('qa-report', QA_LIMITS.report);

  app.post(
    '/ask',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['qa'],
        summary: 'Ask a question on a course, optionally about a lecture and a second of it',
        description: `${WHO} Plain text (title ≤ 150, body ≤ 5,000 characters). At most ${QA_LIMITS.ask.max} questions an hour per user (429).`,
        body: askQuestionRequestSchema,
        response: { 201: questionSchema },
      },
    },
    async (request, reply) => {
      await askLimit.hit(request);
      const question = await askQuestion(db, storage, request.user!.id, request.body);
      app.notifications.wake();
      return reply.status(201).send(question);
    },
  );

  app.get(
    '/course/:courseId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['qa'],
        summary: 'A course’s questions (a lecture’s with lectureId), filtered, sorted or searched (q), keyset paged',
        description: WHO,
        params: courseParams,
        querystring: questionListQuerySchema,
        response: { 200: questionPageSchema },
      },
    },
    async (request) => listCourseQuestions(db, storage, request.user!.id, request.params.courseId, request.query),
  );

  app.get(
    '/question/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['qa'],
        summary: 'A question with its answers (the accepted one first; the educator’s marked)',
        description: WHO,
        params: idParams,
        response: { 200: questionDetailSchema },
      },
    },
    async (request) => questionDetail(db, storage, request.user!.id, request.params.id),
  );

  app.post(
    '/answer/:questionId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['qa'],
        summary: 'Answer a question (409 when it is locked)',
        description: `${WHO} Plain text ≤ 5,000 characters. At most ${QA_LIMITS.answer.max} answers an hour per user (429).`,
        params: questionParams,
        body: postAnswerRequestSchema,
        response: { 201: answerSchema },
      },
    },
    async (request, reply) => {
      await answerLimit.hit(request);
      const answer = await postAnswer(db, storage, request.user!.id, request.params.questionId, request.body.body);
      app.notifications.wake();
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/accept/:answerId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['qa'],
        summary: 'Mark the accepted answer (`{accepted: false}` unmarks): the asker or the course’s educator',
        params: answerParams,
        body: acceptAnswerRequestSchema,
        response: { 200: questionDetailSchema },
      },
    },
    async (request) => {
      const detail = await acceptAnswer(db, storage, request.user!.id, request.params.answerId, request.body.accepted);
      app.notifications.wake();
      return detail;
    },
  );

  app.post(
    '/vote/:questionId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['qa'],
        summary: 'Toggle your vote on a question (or set it with `{voted}`); one per user',
        description: WHO,
        params: questionParams,
        body: voteRequestSchema,
        response: { 200: voteResponseSchema },
      },
    },
    async (request) => voteQuestion(db, request.user!.id, request.params.questionId, request.body.voted),
  );

  app.post(
    '/feature/:questionId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['qa'],
        summary: 'Feature a question (listed first) or not: the course’s educator only',
        params: questionParams,
        body: featureRequestSchema,
        response: { 200: questionSchema },
      },
    },
    async (request) =>
      setQuestionFlag(db, storage, request.user!.id, request.params.questionId, 'featured', request.body.featured),
  );

  app.post(
    '/lock/:questionId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['qa'],
        summary: 'Lock a question (no new answers) or unlock it: the course’s educator only',
        params: questionParams,
        body: lockRequestSchema,
        response: { 200: questionSchema },
      },
    },
    async (request) =>
      setQuestionFlag(db, storage, request.user!.id, request.params.questionId, 'locked', request.body.locked),
  );

  app.delete(
    '/question/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['qa'],
        summary: 'Delete a question with its answers: its author or the course’s educator',
        params: idParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteQuestion(db, request.user!.id, request.params.id);
      return { message: 'Question deleted' };
    },
  );

  app.delete(
    '/answer/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['qa'],
        summary: 'Delete an answer: its author or the course’s educator',
        params: idParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteAnswer(db, request.user!.id, request.params.id);
      return { message: 'Answer deleted' };
    },
  );

  app.post(
    '/report/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['qa'],
        summary: 'Report a question or an answer (by its id) to the course’s educator; once per user and post',
        description: `${WHO} At most ${QA_LIMITS.report.max} reports an hour per user (429).`,
        params: idParams,
        body: reportRequestSchema,
        response: { 200: messageSchema, 201: messageSchema },
      },
    },
    async (request, reply) => {
      await reportLimit.hit(request);
      const created = await reportPost(db, request.user!.id, request.params.id, request.body.reason);
      return reply.status(created ? 201 : 200).send({
        message: created ? 'Thanks for reporting it: the educator will take a look' : 'You reported this already',
      });
    },
  );

  app.get(
    '/inbox',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['qa'],
        summary: 'Questions on your courses, oldest first (unanswered unless status says), with the unanswered count',
        querystring: inboxQuerySchema,
        response: { 200: inboxPageSchema },
      },
    },
    async (request) => educatorInbox(db, storage, request.user!.id, request.query),
  );

  app.get(
    '/stats/:courseId',
    {
      schema: {
        tags: ['qa'],
        summary: 'The median time to the educator’s first answer over the last 90 days (the course page)',
        description: 'Anyone who may see the course; its educator also gets the unanswered count.',
        params: courseParams,
        response: { 200: qaStatsSchema },
      },
    },
    async (request) => courseQaStats(db, request.user?.id ?? null, request.params.courseId),
  );
};

export default qaRoutes;
