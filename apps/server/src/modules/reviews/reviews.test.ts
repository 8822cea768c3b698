import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, reviews } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';

describe('reviews', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator', name: 'Ananya Teacher' });
  const course = await createCourse(app, educator.id, { title: 'Rated Course' });
  const learners = await Promise.all([1, 2, 3].map((n) => createUser(app, { name: `Learner ${n}` })));
  for (const l of learners) await enroll(app, l.id, course.id);
  const [alice, bob, carol] = learners;
  const outsider = await createUser(app, { name: 'Not Enrolled' });

  const give = async (user: { id: string } | null, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/review/givereview',
      headers: user ? { cookie: await loginCookie(app, user) } : {},
      payload,
    });
  const getCourse = async () => (await app.inject(`/api/course/getcourse/${course.id}`)).json();

  it('answers 401 to a visitor who is not signed in', async () => {
    const res = await give(null, { rating: 5, comment: 'Hi', courseId: course.id });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a learner who is not enrolled, and the course creator, with 403 and a message saying so', async () => {
    for (const user of [outsider, educator]) {
      const res = await give(user, { rating: 5, comment: 'Great', courseId: course.id });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only learners enrolled in this course can review it');
    }
  });

  it('answers 404 for an unknown or malformed course id', async () => {
    expect((await give(alice, { rating: 5, comment: 'x', courseId: 'nope' })).statusCode).toBe(404);
    const res = await give(alice, { rating: 5, comment: 'x', courseId: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
  });

  it('accepts only whole ratings from 1 to 5', async () => {
    for (const rating of [0, 6, -1, 4.5, '4', null]) {
      const res = await give(alice, { rating, comment: 'Nice', courseId: course.id });
      expect(res.statusCode, `rating ${rating}`).toBe(400);
      expect(res.json().message).toBe('Please choose a rating from 1 to 5 stars');
    }
    const missing = await give(alice, { comment: 'Nice', courseId: course.id });
    expect(missing.statusCode).toBe(400);
  });

  it('requires a comment, trims it and limits it to 2000 characters', async () => {
    for (const comment of ['', '    ', undefined]) {
      const res = await give(alice, { rating: 4, comment, courseId: course.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please write a comment');
    }
    const long = await give(alice, { rating: 4, comment: 'a'.repeat(2001), courseId: course.id });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Comments can be at most 2000 characters');
    const max = await give(alice, { rating: 4, comment: `  ${'a'.repeat(2000)}  `, courseId: course.id });
    expect(max.statusCode).toBe(201);
    expect(max.json().review.comment).toHaveLength(2000);
  });

  it('keeps one review per learner and course: a second replaces the first', async () => {
    const first = await give(bob, { rating: 2, comment: 'Meh', courseId: course.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: 'Review Added', review: { rating: 2, comment: 'Meh' } });
    const second = await give(bob, { rating: 4, comment: 'Grew on me', courseId: course.id });
    // The answer says it replaced the first (the web's 'Review Updated' reads it).
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe('Review Updated');
    expect(second.json().review).toMatchObject({ _id: first.json().review._id, rating: 4, comment: 'Grew on me' });
    const rows = await app.db.select().from(reviews).where(eq(reviews.userId, bob.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 4, comment: 'Grew on me' });
  });

  it('stores HTML as the text it is, never as markup', async () => {
    const html = '<img src=x onerror="alert(1)"><script>alert("x")</script> & <b>bold</b>';
    const res = await give(carol, { rating: 5, comment: html, courseId: course.id });
    expect(res.statusCode).toBe(201);
    const listed = (await app.inject('/api/review/allReview')).json();
    const mine = listed.find((r: { user: { _id: string } }) => r.user._id === carol.id);
    expect(mine.comment).toBe(html);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('computes the average rating on the server to one decimal: 5, 4, 4 → 4.3; none → 0', async () => {
    await give(alice, { rating: 5, comment: 'Excellent', courseId: course.id });
    await give(bob, { rating: 4, comment: 'Good', courseId: course.id });
    await give(carol, { rating: 4, comment: 'Good too', courseId: course.id });
    const detail = await getCourse();
    expect(detail.avgRating).toBe(4.3);
    expect(detail.reviewCount).toBe(3);
    const published = (await app.inject('/api/course/getpublishedcoures')).json();
    expect(published.find((c: { _id: string }) => c._id === course.id)).toMatchObject({
      avgRating: 4.3,
      reviewCount: 3,
    });

    const empty = await createCourse(app, educator.id, { title: 'No Reviews Yet' });
    const none = (await app.inject(`/api/course/getcourse/${empty.id}`)).json();
    expect(none).toMatchObject({ avgRating: 0, reviewCount: 0 });

    // 1 and 2 → 1.5; 5, 5, 4 → 4.7 (rounded, not truncated).
    const second = await createCourse(app, educator.id, { title: 'Another' });
    const [x, y, z] = await Promise.all([1, 2, 3].map(() => createUser(app)));
    for (const u of [x, y, z]) await enroll(app, u.id, second.id);
    await give(x, { rating: 5, comment: 'a', courseId: second.id });
    await give(y, { rating: 5, comment: 'b', courseId: second.id });
    await give(z, { rating: 4, comment: 'c', courseId: second.id });
    expect((await app.inject(`/api/course/getcourse/${second.id}`)).json().avgRating).toBe(4.7);
  });

  it('lists reviews newest first with reviewer {name, photoUrl, role} and course title, for anyone', async () => {
    const res = await app.inject('/api/review/allReview');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.length).toBeGreaterThanOrEqual(6);
    const times = list.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list[0]).toMatchObject({
      rating: expect.any(Number),
      comment: expect.any(String),
      courseTitle: expect.any(String),
      user: { name: expect.any(String), photoUrl: null, role: 'student' },
    });
    expect(list.find((r: { courseTitle: string }) => r.courseTitle === 'Rated Course')).toBeTruthy();
    const limited = (await app.inject('/api/review/allReview?limit=2')).json();
    expect(limited).toHaveLength(2);
    expect(limited[0]._id).toBe(list[0]._id);
  });

  it('leaves out reviews of courses that are no longer published', async () => {
    const hidden = await createCourse(app, educator.id, { title: 'Soon Hidden', isPublished: true });
    await enroll(app, alice.id, hidden.id);
    expect((await give(alice, { rating: 3, comment: 'ok', courseId: hidden.id })).statusCode).toBe(201);
    await app.db.update(courses).set({ isPublished: false }).where(eq(courses.id, hidden.id));
    const list = (await app.inject('/api/review/allReview')).json();
    expect(list.some((r: { courseTitle: string }) => r.courseTitle === 'Soon Hidden')).toBe(false);
    // An enrolled learner may still review a course that was unpublished after they joined.
    expect((await give(alice, { rating: 4, comment: 'still ok', courseId: hidden.id })).statusCode).toBe(200);
    // Anyone else does not even see it.
    expect((await give(outsider, { rating: 4, comment: 'x', courseId: hidden.id })).statusCode).toBe(404);
  });
});
