import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, wishlistItems } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';

describe('wishlist', async () => {
  const app = await buildTestApp();
  const creator = await createUser(app, { role: 'educator', name: 'Asha Rao' });
  const learner = await createUser(app);
  const cookie = await loginCookie(app, learner);
  const older = await createCourse(app, creator.id, { title: 'Older', lectures: [{ lectureTitle: 'One' }] });
  const newer = await createCourse(app, creator.id, { title: 'Newer' });
  const draft = await createCourse(app, creator.id, { title: 'Draft', isPublished: false });

  const call = (method: 'GET' | 'POST' | 'DELETE', courseId = '', as: string | null = cookie) =>
    app.inject({ method, url: `/api/wishlist${courseId ? `/${courseId}` : ''}`, headers: as ? { cookie: as } : {} });
  const listed = async (as = cookie) => {
    const res = await call('GET', '', as);
    expect(res.statusCode).toBe(200);
    return (res.json().courses as { _id: string }[]).map((c) => c._id);
  };
  const rows = (userId = learner.id, courseId?: string) =>
    app.db
      .select()
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), courseId ? eq(wishlistItems.courseId, courseId) : undefined));

  it('answers 401 to a visitor who is not signed in, for reading, adding and removing', async () => {
    for (const [method, id] of [
      ['GET', ''],
      ['POST', older.id],
      ['DELETE', older.id],
    ] as const) {
      const res = await call(method, id, null);
      expect(res.statusCode, method).toBe(401);
      expect(res.json().message).toBe('Please log in to continue');
    }
  });

  it('starts empty', async () => {
    expect(await listed()).toEqual([]);
  });

  it('adds a published course once, however often it is added, and lists it as a catalogue card', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', older.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ courseId: older.id, wishlisted: true, message: 'Added to your wishlist' });
    }
    expect(await rows(learner.id, older.id)).toHaveLength(1);
    const res = await call('GET');
    const [card] = res.json().courses;
    // The catalogue's card shape, exactly: no lectures, reviews or learners.
    const catalogue = (await app.inject({ url: '/api/course/catalog', headers: { cookie } })).json();
    expect(card).toEqual(catalogue.courses.find((c: { _id: string }) => c._id === older.id));
    expect(card).toMatchObject({ _id: older.id, title: 'Older', creatorName: 'Asha Rao', lectureCount: 1 });
    expect(card.lectures).toBeUndefined();
  });

  it('lists the most recently added first', async () => {
    await call('POST', newer.id);
    // Pinned times: two inserts may share a clock tick.
    await app.db
      .update(wishlistItems)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(eq(wishlistItems.courseId, newer.id));
    expect(await listed()).toEqual([newer.id, older.id]);
  });

  it('refuses unknown, unpublished and malformed ids with 404, and adds nothing', async () => {
    for (const id of [draft.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const res = await call('POST', encodeURIComponent(id));
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('Course not found');
      const removed = await call('DELETE', encodeURIComponent(id));
      expect(removed.statusCode, id).toBe(404);
    }
    expect(await rows(learner.id, draft.id)).toHaveLength(0);
  });

  it('removes idempotently: removing a course that is not in the list succeeds too', async () => {
    const other = await createUser(app);
    const otherCookie = await loginCookie(app, other);
    await call('POST', older.id, otherCookie);
    for (let i = 0; i < 2; i++) {
      const res = await call('DELETE', older.id, otherCookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ courseId: older.id, wishlisted: false, message: 'Removed from your wishlist' });
    }
    expect(await listed(otherCookie)).toEqual([]);
    // Another user's list is their own.
    expect(await listed()).toEqual([newer.id, older.id]);
  });

  it('leaves out a course unpublished after it was saved, keeps it removable, and lists it again once republished', async () => {
    await app.db.update(courses).set({ isPublished: false }).where(eq(courses.id, newer.id));
    expect(await listed()).toEqual([older.id]);
    await app.db.update(courses).set({ isPublished: true }).where(eq(courses.id, newer.id));
    expect(await listed()).toEqual([newer.id, older.id]);

    await app.db.update(courses).set({ isPublished: false }).where(eq(courses.id, newer.id));
    // It can no longer be added, but the learner can still take it out of their list.
    expect((await call('POST', newer.id)).statusCode).toBe(404);
    expect((await call('DELETE', newer.id)).statusCode).toBe(200);
    expect(await rows(learner.id, newer.id)).toHaveLength(0);
    await app.db.update(courses).set({ isPublished: true }).where(eq(courses.id, newer.id));
    expect(await listed()).toEqual([older.id]);
  });

  it('keeps one row when the same course is added many times at once', async () => {
    const racer = await createUser(app);
    const racerCookie = await loginCookie(app, racer);
    const answers = await Promise.all(Array.from({ length: 8 }, () => call('POST', newer.id, racerCookie)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await rows(racer.id, newer.id)).toHaveLength(1);
    expect(await listed(racerCookie)).toEqual([newer.id]);
  });

  it('goes with a deleted course', async () => {
    const doomed = await createCourse(app, creator.id, { title: 'Doomed' });
    await call('POST', doomed.id);
    await app.db.delete(courses).where(eq(courses.id, doomed.id));
    expect(await rows(learner.id, doomed.id)).toHaveLength(0);
    expect(await listed()).toEqual([older.id]);
  });
});
