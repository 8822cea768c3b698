import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, lectures } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';
import { send } from './test-helpers.ts';

/** The course page's figures from the course itself (issue #27): list price, video length, counts. */
describe('honest course figures', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator', name: 'Ananya Rao', description: 'Builds web apps' });
  const cookie = await loginCookie(app, educator);
  const learner = await createUser(app);
  const learnerCookie = await loginCookie(app, learner);

  const edit = (id: string, multipart: Record<string, string>) =>
    send(app, 'POST', `/api/course/editcourse/${id}`, cookie, { multipart });

  describe('list price', () => {
    it('is null until set, and returned in every course answer', async () => {
      const c = await createCourse(app, educator.id, { price: 499 });
      const own = await send(app, 'GET', `/api/course/getcourse/${c.id}`, cookie);
      expect(own.json().listPrice).toBeNull();
      expect((await edit(c.id, { listPrice: '999' })).json().listPrice).toBe(999);
      const pub = await send(app, 'GET', `/api/course/getcourse/${c.id}`, learnerCookie);
      expect(pub.json()).toMatchObject({ price: 499, listPrice: 999 });
      const listed = await send(app, 'GET', '/api/course/getpublishedcoures', learnerCookie);
      expect(listed.json().find((x: { _id: string }) => x._id === c.id).listPrice).toBe(999);
      const mine = await send(app, 'GET', '/api/course/getcreatorcourses', cookie);
      expect(mine.json().find((x: { _id: string }) => x._id === c.id).listPrice).toBe(999);
      // Empty removes it; absent leaves it.
      expect((await edit(c.id, { title: 'Renamed' })).json().listPrice).toBe(999);
      expect((await edit(c.id, { listPrice: '' })).json().listPrice).toBeNull();
    });

    it('must be above the price, never on a free or unpriced course: 400 naming listPrice, nothing saved', async () => {
      const c = await createCourse(app, educator.id, { price: 499 });
      const free = await createCourse(app, educator.id, { price: 0 });
      const unpriced = await createCourse(app, educator.id, { price: null, isPublished: false });
      const cases: [string, Record<string, string>, string][] = [
        [
          c.id,
          { listPrice: '499' },
          'List price must be higher than the price (₹499); leave it empty to show no list price',
        ],
        [
          c.id,
          { listPrice: '100' },
          'List price must be higher than the price (₹499); leave it empty to show no list price',
        ],
        [
          c.id,
          { price: '800', listPrice: '700' },
          'List price must be higher than the price (₹800); leave it empty to show no list price',
        ],
        [free.id, { listPrice: '599' }, 'A free course has no list price; leave List price empty'],
        [unpriced.id, { listPrice: '599' }, 'Set the price before a list price'],
        [c.id, { listPrice: '12.5' }, 'List price must be a whole number of rupees from 1 to 500000'],
        [c.id, { listPrice: '0' }, 'List price must be a whole number of rupees from 1 to 500000'],
      ];
      for (const [id, fields, message] of cases) {
        const res = await edit(id, { ...fields, description: 'not saved' });
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.json().message).toBe(message);
        expect(res.json().fields).toHaveProperty('listPrice');
      }
      // Raising the price to the list price is refused too, naming the list price to fix.
      await edit(c.id, { listPrice: '999' });
      const raise = await edit(c.id, { price: '999' });
      expect(raise.statusCode).toBe(400);
      expect(raise.json().fields).toHaveProperty('listPrice');
      const [row] = await app.db.select().from(courses).where(eq(courses.id, c.id));
      expect(row).toMatchObject({ price: 499, listPrice: 999, description: '' });
      // Both at once, in order, is fine.
      expect((await edit(c.id, { price: '1299', listPrice: '1999' })).json()).toMatchObject({
        price: 1299,
        listPrice: 1999,
      });
    });
  });

  describe('video length', () => {
    it('sums the measured lecture durations in whole seconds; null while none is known', async () => {
      const c = await createCourse(app, educator.id, {
        lectures: [{ lectureTitle: 'One' }, { lectureTitle: 'Two' }, { lectureTitle: 'Three' }],
      });
      const get = async () => (await send(app, 'GET', `/api/course/getcourse/${c.id}`, learnerCookie)).json();
      expect((await get()).totalDurationSeconds).toBeNull();
      await app.db.update(lectures).set({ durationSeconds: 754.5 }).where(eq(lectures.id, c.lectures[0].id));
      await app.db.update(lectures).set({ durationSeconds: 3000 }).where(eq(lectures.id, c.lectures[2].id));
      // Read through the snapshot: a lecture change bumps the catalogue version.
      const course = await get();
      expect(course.totalDurationSeconds).toBe(3755);
      expect(course.lectures.map((l: { duration: number | null }) => l.duration)).toEqual([754.5, null, 3000]);
    });
  });

  describe('catalogue stats', () => {
    it('counts published courses, public, and follows publishing', async () => {
      const before = (await app.inject({ method: 'GET', url: '/api/course/stats' })).json().publishedCourses;
      expect(before).toBe(await app.db.$count(courses, eq(courses.isPublished, true)));
      const draft = await createCourse(app, educator.id, { isPublished: false });
      expect((await app.inject({ method: 'GET', url: '/api/course/stats' })).json().publishedCourses).toBe(before);
      await edit(draft.id, { isPublished: 'true' });
      const after = await app.inject({ method: 'GET', url: '/api/course/stats' });
      expect(after.json()).toEqual({ publishedCourses: before + 1 });
      // Cached per catalogue version: a repeat with its ETag is a 304.
      const again = await app.inject({
        method: 'GET',
        url: '/api/course/stats',
        headers: { 'if-none-match': after.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    });
  });

  describe('the instructor card (getcreator)', () => {
    it('counts published courses, distinct learners and reviews; the e-mail only when shown', async () => {
      const teacher = await createUser(app, { role: 'educator', email: 'teacher@private.example' });
      const a = await createCourse(app, teacher.id);
      const b = await createCourse(app, teacher.id);
      await createCourse(app, teacher.id, { isPublished: false });
      const other = await createUser(app);
      await enroll(app, learner.id, a.id);
      await enroll(app, learner.id, b.id);
      await enroll(app, other.id, b.id);
      for (const [who, course, rating] of [
        [learnerCookie, a.id, 5],
        [await loginCookie(app, other), b.id, 4],
      ] as const) {
        const res = await send(app, 'POST', '/api/review/givereview', who, {
          courseId: course,
          rating,
          comment: 'Good',
        });
        expect(res.statusCode, res.body).toBeLessThan(300);
      }
      const creator = await send(app, 'POST', '/api/course/getcreator', learnerCookie, { userId: teacher.id });
      expect(creator.json()).toEqual({
        _id: teacher.id,
        name: teacher.name,
        email: '',
        description: '',
        photoUrl: null,
        courseCount: 2,
        learnerCount: 2,
        avgRating: 4.5,
        reviewCount: 2,
      });

      const teacherCookie = await loginCookie(app, teacher);
      const shown = await send(app, 'POST', '/api/user/updateprofile', teacherCookie, {
        multipart: { showContactEmail: 'true' },
      });
      expect(shown.json().showContactEmail).toBe(true);
      const visible = await send(app, 'POST', '/api/course/getcreator', undefined, { userId: teacher.id });
      expect(visible.json().email).toBe('teacher@private.example');
      // Leaving the field out keeps the choice; "false" takes it back.
      await send(app, 'POST', '/api/user/updateprofile', teacherCookie, { multipart: { name: 'T. Eacher' } });
      expect((await send(app, 'POST', '/api/course/getcreator', undefined, { userId: teacher.id })).json().email).toBe(
        'teacher@private.example',
      );
      await send(app, 'POST', '/api/user/updateprofile', teacherCookie, { showContactEmail: false });
      expect((await send(app, 'POST', '/api/course/getcreator', undefined, { userId: teacher.id })).json().email).toBe(
        '',
      );
      const bad = await send(app, 'POST', '/api/user/updateprofile', teacherCookie, {
        multipart: { showContactEmail: 'yes' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('showContactEmail');
    });

    it('is off by default for the signed-in user too', async () => {
      const me = await send(app, 'GET', '/api/user/currentuser', cookie);
      expect(me.json().showContactEmail).toBe(false);
    });
  });
});
