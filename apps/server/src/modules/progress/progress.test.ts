import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';

describe('learning progress', async () => {
  const app = await buildTestApp();
  const creator = await createUser(app, { role: 'educator' });
  const course = await createCourse(app, creator.id, {
    lectures: [1, 2, 3, 4].map((n) => ({ lectureTitle: `Lecture ${n}`, isPreviewFree: n === 1 })),
  });
  const other = await createCourse(app, creator.id, { lectures: [{ lectureTitle: 'Elsewhere' }] });
  const empty = await createCourse(app, creator.id, { title: 'No lectures' });
  const [l1, l2, l3] = course.lectures;
  const learner = await createUser(app);
  await enroll(app, learner.id, course.id);
  await enroll(app, learner.id, other.id);
  await enroll(app, learner.id, empty.id);
  const stranger = await createUser(app);
  const cookie = await loginCookie(app, learner);

  const save = async (lectureId: string, payload: Record<string, unknown>, c = cookie) =>
    app.inject({ method: 'POST', url: `/api/progress/${lectureId}`, headers: { cookie: c }, payload });
  const read = async (courseId: string, c = cookie) =>
    app.inject({ url: `/api/progress/${courseId}`, headers: { cookie: c } });

  it('starts empty', async () => {
    const res = await read(course.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      courseId: course.id,
      lectures: [],
      completedCount: 0,
      totalLectures: 4,
      percent: 0,
      lastLectureId: null,
    });
  });

  it('saves the position and reads it back', async () => {
    const res = await save(l1.id, { positionSeconds: 42.5, duration: 100 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      lectureId: l1.id,
      courseId: course.id,
      positionSeconds: 42.5,
      completed: false,
    });
    const again = await save(l1.id, { positionSeconds: 61, duration: 100 });
    expect(again.json().positionSeconds).toBe(61);
    const progress = (await read(course.id)).json();
    expect(progress.lectures).toEqual([
      { lectureId: l1.id, positionSeconds: 61, completed: false, updatedAt: expect.any(String) },
    ]);
    expect(progress.lastLectureId).toBe(l1.id);
  });

  it('completes a lecture at 90% watched, and keeps it completed when rewatched', async () => {
    expect((await save(l2.id, { positionSeconds: 89, duration: 100 })).json().completed).toBe(false);
    expect((await save(l2.id, { positionSeconds: 90, duration: 100 })).json().completed).toBe(true);
    expect((await save(l2.id, { positionSeconds: 5, duration: 100 })).json()).toMatchObject({
      positionSeconds: 5,
      completed: true,
    });
  });

  it('marks and un-marks a lecture explicitly', async () => {
    expect((await save(l3.id, { positionSeconds: 0, completed: true })).json().completed).toBe(true);
    const progress = (await read(course.id)).json();
    expect(progress).toMatchObject({ completedCount: 2, totalLectures: 4, percent: 50, lastLectureId: l3.id });
    expect((await save(l3.id, { positionSeconds: 0, completed: false })).json().completed).toBe(false);
    expect((await read(course.id)).json()).toMatchObject({ completedCount: 1, percent: 25 });
    await save(l3.id, { positionSeconds: 0, completed: true });
  });

  it('clamps the position to the duration', async () => {
    expect((await save(l1.id, { positionSeconds: 500, duration: 100 })).json()).toMatchObject({
      positionSeconds: 100,
      completed: true,
    });
  });

  it('summarises every enrolled course in one call', async () => {
    await save(other.lectures[0].id, { positionSeconds: 3, duration: 100 });
    const res = await app.inject({ url: '/api/progress', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const byCourse = Object.fromEntries(res.json().map((s: { courseId: string }) => [s.courseId, s]));
    expect(byCourse[course.id]).toEqual({
      courseId: course.id,
      completedCount: 3,
      totalLectures: 4,
      percent: 75,
      lastLectureId: l1.id,
    });
    expect(byCourse[other.id]).toMatchObject({ completedCount: 0, totalLectures: 1, percent: 0 });
    expect(byCourse[other.id].lastLectureId).toBe(other.lectures[0].id);
    expect(byCourse[empty.id]).toMatchObject({ totalLectures: 0, percent: 0, lastLectureId: null });
  });

  it('keeps progress only for enrolled learners: strangers and the creator get 403, visitors 401', async () => {
    for (const user of [stranger, creator]) {
      const c = await loginCookie(app, user);
      const res = await save(l1.id, { positionSeconds: 5 }, c);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Progress is kept only for learners enrolled in this course');
      expect((await read(course.id, c)).statusCode).toBe(403);
    }
    expect(
      (await app.inject({ method: 'POST', url: `/api/progress/${l1.id}`, payload: { positionSeconds: 1 } })).statusCode,
    ).toBe(401);
    expect((await app.inject('/api/progress')).statusCode).toBe(401);
    const strangerList = await app.inject({
      url: '/api/progress',
      headers: { cookie: await loginCookie(app, stranger) },
    });
    expect(strangerList.json()).toEqual([]);
  });

  it('answers 404, not 403, for an unpublished course someone may not see; its creator and its learners still get 403 and 200', async () => {
    const draft = await createCourse(app, creator.id, { isPublished: false, lectures: [{ lectureTitle: 'Draft' }] });
    const strangerCookie = await loginCookie(app, stranger);
    expect((await read(draft.id, strangerCookie)).statusCode).toBe(404);
    expect((await save(draft.lectures[0].id, { positionSeconds: 1 }, strangerCookie)).statusCode).toBe(404);
    expect((await read(draft.id, await loginCookie(app, creator))).statusCode).toBe(403);
    await enroll(app, learner.id, draft.id); // enrolled before it was unpublished
    expect((await read(draft.id)).statusCode).toBe(200);
    expect((await save(draft.lectures[0].id, { positionSeconds: 1 })).statusCode).toBe(200);
  });

  it('validates the body and answers 404 for unknown ids', async () => {
    expect((await save(l1.id, { positionSeconds: -1 })).statusCode).toBe(400);
    expect((await save(l1.id, { positionSeconds: 'abc' })).statusCode).toBe(400);
    expect((await save(l1.id, { positionSeconds: 1, duration: 0 })).statusCode).toBe(400);
    expect((await save('nope', { positionSeconds: 1 })).statusCode).toBe(404);
    expect((await save('00000000-0000-4000-8000-000000000000', { positionSeconds: 1 })).statusCode).toBe(404);
    expect((await read('nope')).statusCode).toBe(404);
  });

  it('stores seconds too small for a real column (PostgreSQL refuses them: underflow) as 0', async () => {
    // Found by the fuzz suite: 4.4e-323 s was a 500.
    const l4 = course.lectures[3];
    const res = await save(l4.id, { positionSeconds: 1.4e-244, duration: 4.4e-323 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lectureId: l4.id, positionSeconds: 0, completed: false });
    const kept = await save(l4.id, { positionSeconds: 12.3456789, duration: 100.0004 });
    expect(kept.json().positionSeconds).toBeCloseTo(12.346, 3);
  });
});
