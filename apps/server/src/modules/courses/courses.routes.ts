import { courseSchema, creatorSchema } from '@kaksha/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { photoUrl } from '../users/users.presenter.ts';
import { findCourseForViewer, listPublishedCourses } from './courses.service.ts';

const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getpublishedcoures',
    { schema: { tags: ['courses'], summary: 'Every published course', response: { 200: z.array(courseSchema) } } },
    async (request) => listPublishedCourses(app.db, app.storage, { viewerId: request.user?.id }),
  );

  app.get(
    '/getcourse/:courseId',
    {
      schema: {
        tags: ['courses'],
        summary: 'One course; an unpublished one only for its creator',
        params: z.object({ courseId: z.string() }),
        response: { 200: courseSchema },
      },
    },
    async (request) => findCourseForViewer(app.db, app.storage, request.params.courseId, request.user?.id),
  );

  app.post(
    '/getcreator',
    {
      schema: {
        tags: ['courses'],
        summary: 'Public profile of a course creator',
        body: z.object({ userId: z.string({ error: 'userId is required' }) }),
        response: { 200: creatorSchema },
      },
    },
    async (request) => {
      const { userId } = request.body;
      if (!isUuid(userId)) throw notFound('Creator not found');
      const [user] = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (user?.role !== 'educator') throw notFound('Creator not found');
      return {
        _id: user.id,
        name: user.name,
        email: user.email,
        description: user.description,
        photoUrl: photoUrl(app.storage, user),
      };
    },
  );
};

export default coursesRoutes;
