import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';

const TUS = { 'tus-resumable': '1.0.0' };

describe('tus PATCH bodies are timed as uploads, not as ordinary bodies', async () => {
  // An ordinary body must arrive within 400 ms here; an upload earns time as its bytes arrive.
  const app = await buildTestApp({ REQUEST_TIMEOUT_MS: '400', BODY_TIMEOUT_MS: '5000' });
  const creator = await createUser(app, { role: 'educator' });
  const cookie = await loginCookie(app, creator);
  const course = await createCourse(app, creator.id, { lectures: [{ lectureTitle: 'One' }] });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  it('a chunk that takes longer than REQUEST_TIMEOUT_MS still arrives', async () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const created = await fetch(new URL('/api/uploads/', base), {
      method: 'POST',
      headers: {
        ...TUS,
        cookie,
        'upload-length': '3000',
        'upload-metadata': `lectureId ${b64(course.lectures[0].id)}`,
      },
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location') as string, base);
    // Three 500-byte pieces, 400 ms apart: 1.2 s in all.
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 3) return controller.close();
        if (sent > 0) await new Promise((r) => setTimeout(r, 400));
        controller.enqueue(new Uint8Array(500).fill(sent));
        sent++;
      },
    });
    const res = await fetch(url, {
      method: 'PATCH',
      headers: { ...TUS, cookie, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(204);
    expect(res.headers.get('upload-offset')).toBe('1500');
    expect((await fetch(url, { method: 'DELETE', headers: { ...TUS, cookie } })).status).toBe(204);
  });
});
