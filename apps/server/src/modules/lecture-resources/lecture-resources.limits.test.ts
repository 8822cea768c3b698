import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lectureResources } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { multipart, storedKeys } from '../courses/test-helpers.ts';

// The size limit, with a small MAX_RESOURCE_BYTES instead of 50 MB bodies.
describe('lecture resources: the size limit', async () => {
  const LIMIT = 64 * 1024;
  const app = await buildTestApp({ MAX_RESOURCE_BYTES: String(LIMIT) });
  const creator = await createUser(app, { role: 'educator' });
  const cookie = await loginCookie(app, creator);
  const course = await createCourse(app, creator.id, { lectures: [{ lectureTitle: 'L' }] });
  const [lecture] = course.lectures;
  const url = `/api/course/lectureresources/${lecture.id}`;
  const tooLarge = 'Files attached to a lecture must be 65536 bytes or smaller';
  const stored = () => storedKeys(app, `private/lectures/${course.id}/`);
  const rows = () => app.db.select().from(lectureResources).where(eq(lectureResources.lectureId, lecture.id));
  const text = (bytes: number) => Buffer.alloc(bytes, 'a');

  it('takes a file of exactly the limit', async () => {
    const { payload, headers } = await multipart({
      file: { filename: 'max.txt', type: 'text/plain', data: text(LIMIT) },
    });
    const res = await app.inject({ method: 'POST', url, headers: { ...headers, cookie }, payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().resources[0].size).toBe(LIMIT);
  });

  it('answers 413 for a file one byte larger, and keeps nothing of it', async () => {
    const { payload, headers } = await multipart({
      file: { filename: 'big.txt', type: 'text/plain', data: text(LIMIT + 1) },
    });
    const res = await app.inject({ method: 'POST', url, headers: { ...headers, cookie }, payload });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(tooLarge);
    expect(await rows()).toHaveLength(1);
    expect(await stored()).toHaveLength(1);
  });

  it('answers 413 for a streamed body without a length that grows past the limit, and keeps nothing', async () => {
    const { payload, headers } = await multipart({
      file: { filename: 'stream.txt', type: 'text/plain', data: text(LIMIT * 4) },
    });
    // Sent in small pieces with no Content-Length (a stream payload has none), so the parser must cut it.
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < payload.length; i += 8192) yield payload.subarray(i, i + 8192);
      })(),
    );
    const res = await app.inject({ method: 'POST', url, headers: { ...headers, cookie }, payload: body });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(tooLarge);
    expect(await rows()).toHaveLength(1);
    expect(await stored()).toHaveLength(1);
  });
});
