import { courseSchema, creatorSchema, MESSAGES, messageSchema } from '@kaksha/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../core/db/schema/index.ts';
import { AppError, badRequest, notFound, payloadTooLarge, unsupportedMedia } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { MAX_IMAGE_BYTES, removeThumbnail, storeThumbnail } from '../media/images.ts';
import { photoUrl } from '../users/users.presenter.ts';
import {
  createCourse,
  createCourseSchema,
  deleteCourse,
  editCourseSchema,
  findCourseForViewer,
  listCreatorCourses,
  listEnrolledCourses,
  listPublishedCourses,
  loadOwnedCourse,
  parseFields,
  presentOwnCourse,
  updateCourse,
} from './courses.service.ts';

const courseParams = z.object({ courseId: z.string() });

/**
 * Course reading (public) and authoring (educators; only the creator changes a course —
 * see `assertCreator` for the 401/403/404 rules).
 */
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
        params: courseParams,
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

  app.post(
    '/create',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['courses'],
        summary: 'Create a draft course (educators)',
        body: createCourseSchema,
        response: { 201: courseSchema },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const id = await createCourse(app.db, user.id, request.body);
      return reply.status(201).send(await presentOwnCourse(app.db, app.storage, id, user.id));
    },
  );

  app.post(
    '/editcourse/:courseId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['courses'],
        summary: 'Edit, publish or unpublish a course (its creator)',
        description:
          'multipart/form-data (title, subTitle, description, category, level, price, thumbnail file, ' +
          'isPublished "true"/"false") or JSON without the file. Fields not sent stay unchanged.',
        params: courseParams,
        response: { 200: courseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      const { courseId } = request.params;
      // Authorize before reading any upload.
      const before = await loadOwnedCourse(app.db, courseId, user.id);

      const fields: Record<string, unknown> = {};
      let image: Buffer | undefined;
      if (request.isMultipart()) {
        for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES } })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'thumbnail') {
              part.file.resume();
              throw badRequest(`Unexpected file field "${part.fieldname}"`);
            }
            image = await part.toBuffer().catch((error: { code?: string }) => {
              if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge('Images must be 5 MB or smaller');
              throw error;
            });
            if (image.length === 0) image = undefined;
          } else {
            fields[part.fieldname] = part.value;
          }
        }
      } else if (request.body && typeof request.body === 'object') {
        Object.assign(fields, request.body);
      }
      const patch = parseFields(editCourseSchema, fields);

      const thumbnailKey = image
        ? await storeThumbnail(app.storage, courseId, image).catch((error) => {
            // Image bytes that announce a format but cannot be decoded.
            if (error instanceof AppError) throw error;
            request.log.info({ err: error }, 'thumbnail could not be decoded');
            throw unsupportedMedia('The image could not be read; please choose another file');
          })
        : undefined;
      try {
        const { oldThumbnailKey } = await updateCourse(app.db, courseId, user.id, patch, thumbnailKey);
        await removeThumbnail(app.storage, oldThumbnailKey);
      } catch (error) {
        if (thumbnailKey && thumbnailKey !== before.thumbnailKey) await removeThumbnail(app.storage, thumbnailKey);
        throw error;
      }
      return presentOwnCourse(app.db, app.storage, courseId, user.id);
    },
  );

  app.delete(
    '/removecourse/:courseId',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['courses'],
        summary: 'Delete a course with its lectures, media and reviews (409 when it has learners)',
        params: courseParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteCourse(app.db, app.storage, request.params.courseId, request.user!.id);
      return { message: MESSAGES.courseDeleted };
    },
  );

  app.get(
    '/getcreatorcourses',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['courses'],
        summary: "The educator's own courses, newest first, with lecture/enrolment counts and earnings",
        response: { 200: z.array(courseSchema) },
      },
    },
    async (request) => listCreatorCourses(app.db, app.storage, request.user!.id),
  );

  app.get(
    '/getenrolledcourses',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['courses'],
        summary: "The signed-in learner's enrolled courses, most recent first, including ones unpublished since",
        response: { 200: z.array(courseSchema) },
      },
    },
    async (request) => listEnrolledCourses(app.db, app.storage, request.user!.id),
  );
};

export default coursesRoutes;
