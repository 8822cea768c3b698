import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { text } from '@kaksha/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lectureCaptions } from '../../core/db/schema/index.ts';
import { notFound } from '../../core/errors.ts';
import { contentTypeOf } from '../../core/storage/content-types.ts';
import { canonicalLanguageTag } from './captions.ts';
import { findWatchableLecture } from './lecture-access.ts';
import { sendMedia } from './media.stream.ts';

/** The About Us video of the landing page ships with the server, beside the demo media. */
const here = path.dirname(fileURLToPath(import.meta.url));
const siteVideoDir =
  [path.resolve(here, '../../../seed-media/videos'), path.resolve(here, '../seed-media/videos')].find((dir) =>
    existsSync(dir),
  ) ?? path.resolve(here, '../seed-media/videos');
const SITE_VIDEOS = new Set(['about.mp4']);

/**
 * Files of a processed video under `/hls/`: the master playlist, and per rendition its playlist
 * and numbered segments. Nothing else is ever read, so no path can leave the lecture's folder.
 */
const HLS_FILE = /^(?:master\.m3u8|\d{3,4}p\/(?:index\.m3u8|seg_\d{3,6}\.ts))$/;
const CAPTIONS_FILE = /^([A-Za-z0-9-]{1,35})\.vtt$/;
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const SEGMENT_TYPE = 'video/mp2t';

const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Streams a private stored file (HLS, poster, captions) once access has been checked. */
  const sendStored = async (
    request: Parameters<typeof sendMedia>[0],
    reply: Parameters<typeof sendMedia>[1],
    key: string,
    contentType: string,
    cacheControl: string,
  ) => {
    const stat = await app.storage.stat(key);
    if (!stat) throw notFound('Not found');
    return sendMedia(request, reply, {
      size: stat.size,
      mtime: stat.mtime,
      contentType,
      cacheControl,
      open: (range) => app.storage.read(key, range),
    });
  };

  // HLS of a processed video, to those who may watch it. With STORAGE=s3 the files are streamed
  // through the server too (a playlist's relative URLs must stay behind the access check).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/lectures/:lectureId/hls/*',
    compress: false,
    schema: {
      tags: ['media'],
      summary: "A lecture's HLS master playlist, rendition playlists and segments (access checked like the video)",
      params: z.object({ lectureId: text('lectureId'), '*': z.string() }),
    },
    handler: async (request, reply) => {
      const lecture = await findWatchableLecture(app.db, request.params.lectureId, request.user);
      const file = request.params['*'];
      if (!HLS_FILE.test(file)) throw notFound('Not found');
      if (lecture.processing !== 'ready' || !lecture.hlsKey)
        throw notFound({ id: 'video_not_processed', message: 'This lecture has no processed video yet' });
      const segment = file.endsWith('.ts');
      return sendStored(
        request,
        reply,
        `${lecture.hlsKey}/${file}`,
        segment ? SEGMENT_TYPE : PLAYLIST_TYPE,
        // Segments never change (a new upload gets a new folder); playlists are checked again.
        segment ? 'private, max-age=86400' : 'private, no-cache',
      );
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/lectures/:lectureId/poster.jpg',
    compress: false,
    schema: {
      tags: ['media'],
      summary: "A lecture's poster frame (access checked like the video)",
      params: z.object({ lectureId: text('lectureId') }),
    },
    handler: async (request, reply) => {
      const lecture = await findWatchableLecture(app.db, request.params.lectureId, request.user);
      if (!lecture.posterKey) throw notFound({ id: 'poster_not_found', message: 'This lecture has no poster yet' });
      return sendStored(request, reply, lecture.posterKey, 'image/jpeg', 'private, max-age=3600');
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/lectures/:lectureId/captions/:file',
    compress: false,
    schema: {
      tags: ['media'],
      summary: "A lecture's WebVTT captions in one language, e.g. `hi-IN.vtt` (access checked like the video)",
      params: z.object({ lectureId: text('lectureId'), file: z.string() }),
    },
    handler: async (request, reply) => {
      const lecture = await findWatchableLecture(app.db, request.params.lectureId, request.user);
      const lang = canonicalLanguageTag(CAPTIONS_FILE.exec(request.params.file)?.[1] ?? '');
      const [row] = lang
        ? await app.db
            .select({ key: lectureCaptions.key })
            .from(lectureCaptions)
            .where(and(eq(lectureCaptions.lectureId, lecture.id), eq(lectureCaptions.lang, lang)))
            .limit(1)
        : [];
      if (!row) throw notFound({ id: 'captions_language_missing', message: 'No captions in this language' });
      return sendStored(request, reply, row.key, 'text/vtt; charset=utf-8', 'private, no-cache');
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/lectures/:lectureId',
    compress: false,
    schema: {
      tags: ['media'],
      summary: "Streams a lecture's video (Range requests supported) to those allowed to watch it",
      params: z.object({ lectureId: text('lectureId') }),
    },
    handler: async (request, reply) => {
      const lecture = await findWatchableLecture(app.db, request.params.lectureId, request.user);
      const key = lecture.videoKey;
      const { s3 } = app.config.storage;
      if (key && s3.videoDelivery === 'redirect' && app.storage.signedUrl) {
        // Access checked: the browser fetches (and seeks in) the bytes straight from the bucket.
        const url = await app.storage.signedUrl(key, {
          expiresIn: s3.presignExpiresSeconds,
          contentType: lecture.videoMime ?? undefined,
        });
        return reply.header('cache-control', 'private, no-store').redirect(url, 302);
      }
      const stat = key ? await app.storage.stat(key) : null;
      if (!key || !stat) throw notFound({ id: 'lecture_no_video', message: 'This lecture has no video yet' });
      return sendMedia(request, reply, {
        size: stat.size,
        mtime: stat.mtime,
        contentType: lecture.videoMime ?? 'application/octet-stream',
        // Only this viewer's browser may keep it, and it asks again (cheaply, 304) before reuse.
        cacheControl: 'private, no-cache',
        open: (range) => app.storage.read(key, range),
      });
    },
  });

  // Thumbnails and avatars kept in an object store (with local storage app.ts serves the folder).
  if (app.config.storage.driver !== 'local') {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/public/*',
      compress: false,
      schema: { hide: true },
      handler: async (request, reply) => {
        const key = `public/${(request.params as { '*': string })['*']}`;
        if (key.includes('..') || key.includes('//')) throw notFound('Not found');
        const stat = await app.storage.stat(key);
        if (!stat) throw notFound('Not found');
        return sendMedia(request, reply, {
          size: stat.size,
          mtime: stat.mtime,
          contentType: contentTypeOf(key),
          // Content-hashed names never change.
          cacheControl: 'public, max-age=31536000, immutable',
          open: (range) => app.storage.read(key, range),
        });
      },
    });
  }

  // Public site media (the landing page's About Us video): small, cacheable, seekable.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/site/:name',
    compress: false,
    schema: { hide: true, params: z.object({ name: z.string() }) },
    handler: async (request, reply) => {
      const { name } = request.params;
      const file = path.join(siteVideoDir, name);
      const stat = SITE_VIDEOS.has(name) ? statSync(file, { throwIfNoEntry: false }) : undefined;
      if (!stat?.isFile()) throw notFound('Not found');
      return sendMedia(request, reply, {
        size: stat.size,
        mtime: stat.mtime,
        contentType: 'video/mp4',
        cacheControl: 'public, max-age=86400',
        open: (range) => createReadStream(file, range),
      });
    },
  });
};

export default mediaRoutes;
