import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../test/app.ts';

describe('revalidating API answers', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator' });
  const course = await createCourse(app, educator.id, { title: 'Cached Course' });
  const learner = await createUser(app);
  await enroll(app, learner.id, course.id);
  const cookie = await loginCookie(app, learner);

  it('tags the catalogue, answers 304 with no body while it is unchanged, and a new tag once it changes', async () => {
    const first = await app.inject('/api/course/getpublishedcoures');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();

    const again = await app.inject({ url: '/api/course/getpublishedcoures', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers).not.toHaveProperty('content-length');

    const review = await app.inject({
      method: 'POST',
      url: '/api/review/givereview',
      headers: { cookie },
      payload: { rating: 4, comment: 'Clear and practical', courseId: course.id },
    });
    expect(review.statusCode).toBe(201);
    const changed = await app.inject({ url: '/api/course/getpublishedcoures', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()[0].reviewCount).toBe(1);
  });

  it("never hands one user's answer to another: the tag is of the body", async () => {
    const mine = await app.inject({ url: '/api/user/currentuser', headers: { cookie } });
    const visitor = await app.inject({
      url: '/api/user/currentuser',
      headers: { 'if-none-match': mine.headers.etag as string },
    });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toBeNull();
  });

  it('keeps a route’s own caching, and never answers 304 to a change (POST) or for an error', async () => {
    expect((await app.inject('/api/config')).headers['cache-control']).toBe('public, max-age=300');
    const creator = { method: 'POST' as const, url: '/api/course/getcreator', payload: { userId: educator.id } };
    const post = await app.inject(creator);
    expect(post.statusCode).toBe(200);
    expect(post.headers['cache-control']).toBeUndefined();
    const repeated = await app.inject({ ...creator, headers: { 'if-none-match': post.headers.etag as string } });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().name).toBe(educator.name);

    const missing = '/api/course/getcourse/00000000-0000-4000-8000-000000000000';
    const notFound = await app.inject(missing);
    expect(notFound.statusCode).toBe(404);
    const again = await app.inject({ url: missing, headers: { 'if-none-match': notFound.headers.etag as string } });
    expect(again.statusCode).toBe(404);
  });

  it('compares tags weakly, as browsers send them back', async () => {
    const { etag } = (await app.inject('/api/review/allReview')).headers as { etag: string };
    expect(etag).toMatch(/^W\/"/);
    const strong = etag.replace(/^W\//, '');
    for (const header of [etag, strong, `"other", ${etag}`]) {
      expect(
        (await app.inject({ url: '/api/review/allReview', headers: { 'if-none-match': header } })).statusCode,
      ).toBe(304);
    }
    expect(
      (await app.inject({ url: '/api/review/allReview', headers: { 'if-none-match': '"other"' } })).statusCode,
    ).toBe(200);
  });
});
