import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';

// Learner-facing visibility of courses (issue 5): published courses for everyone,
// an unpublished course only for its creator and the learners enrolled in it.
describe('published and unpublished courses', async () => {
  const app = await buildTestApp();
  const creator = await createUser(app, { role: 'educator', name: 'Creator Name' });
  const published = await createCourse(app, creator.id, {
    title: 'Published One',
    lectures: [{ lectureTitle: 'A' }, { lectureTitle: 'B', isPreviewFree: true }],
  });
  const draft = await createCourse(app, creator.id, { title: 'Draft One', isPublished: false });
  const learner = await createUser(app);
  const otherEducator = await createUser(app, { role: 'educator' });

  it('lists only published courses, each with creator name, lecture count and rating figures', async () => {
    const res = await app.inject('/api/course/getpublishedcoures');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((c: { title: string }) => c.title)).toEqual(['Published One']);
    expect(list[0]).toMatchObject({
      _id: published.id,
      isPublished: true,
      creator: creator.id,
      creatorName: 'Creator Name',
      lectureCount: 2,
      avgRating: 0,
      reviewCount: 0,
    });
    expect(list[0].enrolledStudents).toBeUndefined();
  });

  it('answers only the newest published courses when asked for a limit, and refuses a bad limit', async () => {
    const newer = await createCourse(app, creator.id, { title: 'Newer One' });
    // Pinned times: two inserts may share a clock tick on PGlite.
    await app.db
      .update(courses)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(eq(courses.id, newer.id));
    const limited = await app.inject('/api/course/getpublishedcoures?limit=1');
    expect(limited.statusCode).toBe(200);
    expect(limited.json().map((c: { _id: string }) => c._id)).toEqual([newer.id]);
    const all = (await app.inject('/api/course/getpublishedcoures')).json();
    expect(all.map((c: { _id: string }) => c._id)).toEqual([newer.id, published.id]);
    for (const bad of ['0', '-1', 'abc', '501']) {
      const res = await app.inject(`/api/course/getpublishedcoures?limit=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    await app.db.delete(courses).where(eq(courses.id, newer.id));
  });

  it('shows a published course to anyone', async () => {
    expect((await app.inject(`/api/course/getcourse/${published.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for an unpublished course to anyone but its creator', async () => {
    const cookies = [undefined, await loginCookie(app, learner), await loginCookie(app, otherEducator)];
    for (const cookie of cookies) {
      const res = await app.inject({ url: `/api/course/getcourse/${draft.id}`, headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(404);
    }
    const own = await app.inject({
      url: `/api/course/getcourse/${draft.id}`,
      headers: { cookie: await loginCookie(app, creator) },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ title: 'Draft One', isPublished: false });
  });

  it('keeps an unpublished course visible to the learners enrolled in it', async () => {
    const paid = await createUser(app);
    const withdrawn = await createCourse(app, creator.id, { title: 'Withdrawn', isPublished: false });
    await enroll(app, paid.id, withdrawn.id);
    const res = await app.inject({
      url: `/api/course/getcourse/${withdrawn.id}`,
      headers: { cookie: await loginCookie(app, paid) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: withdrawn.id, isPublished: false });
  });

  it("lists a learner's enrolled courses, newest enrolment first, including unpublished ones", async () => {
    const learner2 = await createUser(app);
    const first = await createCourse(app, creator.id, { title: 'First Enrolled' });
    const second = await createCourse(app, creator.id, { title: 'Second Enrolled', isPublished: false });
    await enroll(app, learner2.id, first.id, new Date('2026-01-01T10:00:00Z'));
    await enroll(app, learner2.id, second.id, new Date('2026-01-02T10:00:00Z'));
    const res = await app.inject({
      url: '/api/course/getenrolledcourses',
      headers: { cookie: await loginCookie(app, learner2) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { title: string }) => c.title)).toEqual(['Second Enrolled', 'First Enrolled']);
    expect(res.json()[0]).not.toHaveProperty('enrolledStudents');
    expect((await app.inject('/api/course/getenrolledcourses')).statusCode).toBe(401);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await app.inject('/api/course/getcourse/not-an-id')).statusCode).toBe(404);
    expect((await app.inject('/api/course/getcourse/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('shows enrolled students to the creator only', async () => {
    await enroll(app, learner.id, published.id);
    const asCreator = await app.inject({
      url: `/api/course/getcourse/${published.id}`,
      headers: { cookie: await loginCookie(app, creator) },
    });
    expect(asCreator.json().enrolledStudents).toEqual([learner.id]);
    const asLearner = await app.inject({
      url: `/api/course/getcourse/${published.id}`,
      headers: { cookie: await loginCookie(app, learner) },
    });
    expect(asLearner.json().enrolledStudents).toBeUndefined();
  });
});
