import {
  catalogPageSchema,
  catalogQuerySchema,
  courseSchema,
  courseStatsSchema,
  createCourseRequestSchema,
  creatorSchema,
  editCourseRequestSchema,
  getCreatorRequestSchema,
  IMAGE_MAX_BYTES,
  listPublishedCoursesQuerySchema,
  MESSAGES,
  messageSchema,
  text,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../core/ids.ts';
import { bufferedFile, readForm } from '../../core/multipart-form.ts';
import { VersionedMemo } from '../../core/snapshots.ts';
import { IMAGE_UPLOADS_PER_USER } from '../media/media.service.ts';
import {
  catalogPage,
  catalogPageJson,
  catalogueViewer,
  courseStatsJson,
  courseVisibility,
  createCourse,
  deleteCourse,
  editCourse,
  findCourseForViewer,
  findCreator,
  isBrowsing,
  listCreatorCourses,
  listEnrolledCourses,
  loadOwnedCourse,
  presentOwnCourse,
  publicCourseJson,
  publishedCoursesJson,
} from './courses.service.ts';

const thumbnailFile = bufferedFile('thumbnail', { maxBytes: IMAGE_MAX_BYTES, tooLarge: MESSAGES.imageTooLarge });

const courseParams = z.object({ courseId: text('courseId') });

/**
 * Course reading (public) and authoring (educators; only the creator changes a course —
 * see `assertCreator` for the 401/403/404 rules).
 */
const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Whether a course is public, per catalogue version: a repeat getcourse reads only the version.
  const visibilityMemo = new VersionedMemo<Awaited<ReturnType<typeof courseVisibility>>>();
  const visibility = async (courseId: string) => {
    const known = visibilityMemo.get(await app.catalogVersion(), courseId);
    if (known) return known;
    // Read with its own version in one statement: the two always agree.
    const read = await courseVisibility(app.db, courseId);
    visibilityMemo.set(read.version, courseId, read);
    return read;
  };
  const imageUploads = app.limiter({ name: 'image-upload', ...IMAGE_UPLOADS_PER_USER, key: (r) => r.user?.id ?? null });
  app.get(
    '/getpublishedcoures',
    {
      schema: {
        tags: ['courses'],
        summary: 'Every published course, newest first (`limit`: only the newest few)',
        description:
          'Served from a compressed snapshot per catalogue version (ETag = version); a catalogue too ' +
          'large to keep is streamed page by page.',
        querystring: listPublishedCoursesQuerySchema,
        response: { 200: z.array(courseSchema) },
      },
    },
    async (request, reply) => {
      const { limit } = request.query;
      const [version, viewerId] = await Promise.all([app.catalogVersion(), catalogueViewer(app.db, request.user)]);
      return app.snapshots.send(
        request,
        reply,
        `published:${limit ?? 'all'}:${viewerId ?? ''}`,
        version,
        () => publishedCoursesJson(app.db, app.storage, { viewerId, limit }),
        viewerId ? `-${viewerId}` : '',
      );
    },
  );

  app.get(
    '/catalog',
    {
      schema: {
        tags: ['courses'],
        summary: 'Published courses as slim cards, a page at a time: a keyword, filters, facets and an order',
        description:
          "Several `category` (or `level`, `duration`) values mean any of them. Pass the answer's " +
          '`nextCursor` as `cursor` for the next page (null on the last), with the same parameters. ' +
          '`q` matches title, subtitle and educator name, with typos; `facets` count each filter value ' +
          'with the other filters applied. Without `q`, `level`, `price`, `minRating`, `duration` and ' +
          '`sort` the page comes from a snapshot per catalogue version.',
        querystring: catalogQuerySchema,
        response: { 200: catalogPageSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const version = await app.catalogVersion();
      // Browsing's combinations are too many to keep: computed (one index read, facets from a cube).
      if (isBrowsing(query)) return catalogPage(app.db, app.storage, query, version);
      const key = `catalog:${[...query.category].sort().join(',')}:${query.creator ?? ''}:${query.cursor ?? ''}:${query.limit}`;
      return app.snapshots.send(request, reply, key, version, () =>
        catalogPageJson(app.db, app.storage, query, version),
      );
    },
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
    async (request, reply) => {
      const { courseId } = request.params;
      const viewerId = request.user?.id;
      const course = isUuid(courseId) ? await visibility(courseId) : undefined;
      // The public answer is shared; the creator's (learners, earnings) and unpublished ones are not.
      if (!course?.isPublished || course.creatorId === viewerId) {
        return findCourseForViewer(app.db, app.storage, courseId, viewerId);
      }
      return app.snapshots.send(request, reply, `course:${courseId}`, course.version, () =>
        publicCourseJson(app.db, app.storage, courseId),
      );
    },
  );

  app.get(
    '/stats',
    {
      schema: {
        tags: ['courses'],
        summary: 'Public figures of the catalogue: how many courses are published',
        description: 'Counted once per catalogue version (ETag = version).',
        response: { 200: courseStatsSchema },
      },
    },
    async (request, reply) => {
      const version = await app.catalogVersion();
      return app.snapshots.send(request, reply, 'stats', version, () => courseStatsJson(app.db));
    },
  );

  app.post(
    '/getcreator',
    {
      schema: {
        tags: ['courses'],
        summary: 'Public profile of a course creator',
        body: getCreatorRequestSchema,
        response: { 200: creatorSchema },
      },
    },
    async (request) => findCreator(app.db, app.storage, request.body.userId),
  );

  app.post(
    '/create',
    {
      preHandler: app.requireEducator,
      schema: {
        tags: ['courses'],
        summary: 'Create a draft course (educators)',
        body: createCourseRequestSchema,
        response: { 201: courseSchema },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const id = await createCourse(app.db, user.id, request.body, app.searchReembed);
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
          'multipart/form-data (title, subTitle, description, category, level, price, listPrice, thumbnail ' +
          'file, isPublished "true"/"false") or JSON without the file. Fields not sent stay unchanged; an ' +
          'empty listPrice removes it. Publishing a draft needs the whole publish checklist (400 naming ' +
          'what is missing) unless PUBLISH_CHECKLIST=off.',
        params: courseParams,
        response: { 200: courseSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      // Authorize before reading any upload.
      const course = await loadOwnedCourse(app.db, request.params.courseId, user.id);
      // A user over the image limit is refused before the upload is read.
      if (request.isMultipart()) await imageUploads.check(request);
      const form = await readForm(request, editCourseRequestSchema, thumbnailFile);
      if (form.file) await imageUploads.hit(request);
      await editCourse(app.db, app.storage, request.log, course, user.id, form, app.searchReembed, {
        publishChecklist: app.config.publishChecklist,
      });
      return presentOwnCourse(app.db, app.storage, course.id, user.id);
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
      await deleteCourse(
        app.db,
        app.storage,
        request.log,
        request.params.courseId,
        request.user!.id,
        app.searchReembed,
      );
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
