import { once } from 'node:events';
import { type AddressInfo, connect } from 'node:net';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, loginCookie } from '../test/app.ts';
import { errorHandlerPlugin } from './error-handler.ts';

describe('malformed and cut-off uploads get a 400, never a 500 or a hang', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator' });
  const cookie = await loginCookie(app, educator);
  const course = await createCourse(app, educator.id, { lectures: [{ lectureTitle: 'One' }] });
  const lectureId = course.lectures[0].id;

  const multipart = (url: string, body: string, boundary: string | null = 'XyZ') =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        cookie,
        'content-type': boundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data',
      },
      payload: body,
    });

  // A body that ends inside a small file part, with no closing boundary.
  const cutOff = (field: string, filename: string) =>
    `--XyZ\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: video/mp4\r\n\r\n\0\0\0\x18ftypmp42partial`;

  it.each([
    ['/api/user/updateprofile'],
    [`/api/course/editcourse/${course.id}`],
    [`/api/course/editlecture/${lectureId}`],
  ])('%s: multipart without a boundary', async (url) => {
    const res = await multipart(url, 'whatever', null);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toBeTruthy();
  });

  it('editlecture: a body cut off inside a small video part', async () => {
    const res = await multipart(`/api/course/editlecture/${lectureId}`, cutOff('videoUrl', 'a.mp4'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/did not complete|malformed or incomplete/);
  });

  it('updateprofile: a body cut off inside the avatar part', async () => {
    const res = await multipart('/api/user/updateprofile', cutOff('photoUrl', 'a.png'));
    expect(res.statusCode).toBe(400);
  });
});

describe('connection resets', async () => {
  const lines: { level: number; msg: string }[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  await app.register(errorHandlerPlugin);
  await app.register(fastifyMultipart);
  app.post('/upload', async (request) => {
    for await (const part of request.parts()) if (part.type === 'file') await part.toBuffer();
    return { ok: true };
  });
  // Our own connection failing (the database, say) after the request was read in full.
  app.post('/lost-database', async () => {
    throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  afterAll(() => app.close());
  const { port } = app.server.address() as AddressInfo;

  it('from a client hanging up mid-upload are logged as a client event, not a server error', async () => {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: 100000\r\n\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="f"; filename="a.png"\r\n\r\nsome bytes',
    );
    await expect.poll(() => lines.some((l) => l.msg === 'incoming request')).toBe(true);
    socket.destroy();

    const clientClosed = 'the client closed the request before it was read';
    await expect.poll(() => lines.some((l) => l.level >= 50 || l.msg === clientClosed)).toBe(true);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.map((l) => l.msg)).toContain(clientClosed);
  });

  it('on our side, after the request was read, stay a logged 500', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/lost-database`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(res.status).toBe(500);
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual(['unhandled error']);
  });
});
