import {
  messageSchema,
  QUIZ_MESSAGES,
  quizAnswerSchema,
  quizAttemptsSchema,
  quizRequestSchema,
  quizResultSchema,
  quizSchema,
  submitQuizRequestSchema,
  text,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createQuiz, deleteQuiz, editQuiz, listAttempts, listCourseQuizzes, submitQuiz } from './quizzes.service.ts';

const courseParams = z.object({ courseId: text('courseId') });
const quizParams = z.object({ quizId: text('quizId') });

/**
 * Quizzes (mounted at /api/quiz). Authoring is the course creator's, with the lectures' rules:
 * anonymous 401, students 403, other educators 404 (unpublished course) or 403 (published).
 * Reading and submitting: enrolled learners and the creator; others 403, or 404 when the course
 * is not visible to them.
 */
const quizzesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/create/:courseId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['quizzes'],
        summary: 'Add a quiz to a course (optionally after one of its sections)',
        params: courseParams,
        body: quizRequestSchema,
        response: { 201: quizAnswerSchema },
      },
    },
    async (request, reply) => {
      const quiz = await createQuiz(app.db, request.params.courseId, request.user!.id, request.body);
      return reply.status(201).send({ ...quiz, message: QUIZ_MESSAGES.created });
    },
  );

  app.post(
    '/edit/:quizId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['quizzes'],
        summary: 'Replace a quiz (title, pass mark, placement, attempts, questions)',
        params: quizParams,
        body: quizRequestSchema,
        response: { 200: quizAnswerSchema },
      },
    },
    async (request) => {
      const quiz = await editQuiz(app.db, request.params.quizId, request.user!.id, request.body);
      return { ...quiz, message: QUIZ_MESSAGES.updated };
    },
  );

  app.delete(
    '/remove/:quizId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['quizzes'],
        summary: 'Remove a quiz and its attempts',
        params: quizParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteQuiz(app.db, request.params.quizId, request.user!.id);
      return { message: QUIZ_MESSAGES.removed };
    },
  );

  app.get(
    '/course/:courseId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['quizzes'],
        summary: "A course's quizzes in order; answers and explanations only for its creator",
        params: courseParams,
        response: { 200: z.array(quizSchema) },
      },
    },
    async (request) => listCourseQuizzes(app.db, request.params.courseId, request.user!.id),
  );

  app.post(
    '/submit/:quizId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['quizzes'],
        summary: 'Submit one attempt: graded here, answered with the correct answers and explanations',
        params: quizParams,
        body: submitQuizRequestSchema,
        response: { 200: quizResultSchema },
      },
    },
    async (request) => submitQuiz(app.db, request.params.quizId, request.user!.id, request.body.answers),
  );

  app.get(
    '/attempts/:quizId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['quizzes'],
        summary: 'Your attempts at a quiz, with the best one (which counts)',
        params: quizParams,
        response: { 200: quizAttemptsSchema },
      },
    },
    async (request) => listAttempts(app.db, request.params.quizId, request.user!.id),
  );
};

export default quizzesRoutes;
