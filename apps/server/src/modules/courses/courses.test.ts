import { MAX_PRICE_INR } from '@kaksha/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { courses, lectures, paymentOrders, reviews } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';
import { jpeg, send, storedKeys, TINY_MP4 } from './test-helpers.ts';

describe('course authoring', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator', name: 'Ananya Rao' });
  const cookie = await loginCookie(app, educator);
  const other = await createUser(app, { role: 'educator' });
  const otherCookie = await loginCookie(app, other);
  const student = await createUser(app, { role: 'student' });
  const studentCookie = await loginCookie(app, student);

  it('runs the whole flow: create, edit with thumbnail, lectures with video, publish, list, unpublish, delete', async () => {
    const created = await send(app, 'POST', '/api/course/create', cookie, {
      title: '  Rust for Web Developers  ',
      category: 'Web Development',
    });
    expect(created.statusCode).toBe(201);
    const course = created.json();
    expect(course).toMatchObject({
      title: 'Rust for Web Developers',
      category: 'Web Development',
      level: null,
      price: null,
      isPublished: false,
      creator: educator.id,
      lectures: [],
      enrolledStudents: [],
      enrolledCount: 0,
      earnings: 0,
    });
    const id = course._id;

    // A draft is invisible to others, visible to its creator.
    expect((await send(app, 'GET', `/api/course/getcourse/${id}`, studentCookie)).statusCode).toBe(404);
    expect((await send(app, 'GET', `/api/course/getcourse/${id}`, cookie)).statusCode).toBe(200);

    const edited = await send(app, 'POST', `/api/course/editcourse/${id}`, cookie, {
      multipart: {
        title: 'Rust for Web Developers',
        subTitle: 'Fast, safe back ends',
        description: 'From ownership to Axum.',
        category: 'Web Development',
        level: 'Intermediate',
        price: '1299',
        isPublished: 'false',
        thumbnail: { filename: 'cover.jpg', type: 'image/jpeg', data: await jpeg() },
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      subTitle: 'Fast, safe back ends',
      description: 'From ownership to Axum.',
      level: 'Intermediate',
      price: 1299,
      isPublished: false,
    });
    expect(edited.json().thumbnail).toMatch(new RegExp(`^/media/public/thumbnails/${id}/[0-9a-f]+-640\\.webp$`));
    expect(edited.json().thumbnailSrcSet).toContain('320w');
    const thumbs = await storedKeys(app, `public/thumbnails/${id}`);
    expect(thumbs).toHaveLength(2);
    const served = await app.inject(edited.json().thumbnail);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const l1 = await send(app, 'POST', `/api/course/createlecture/${id}`, cookie, { lectureTitle: 'Ownership' });
    expect(l1.statusCode).toBe(201);
    expect(l1.json()).toMatchObject({
      lecture: { lectureTitle: 'Ownership', videoUrl: null, isPreviewFree: false },
      message: 'Lecture Created',
    });
    const l2 = await send(app, 'POST', `/api/course/createlecture/${id}`, cookie, { lectureTitle: 'Borrowing' });
    const lectureId = l1.json().lecture._id;

    const up = await send(app, 'POST', `/api/course/editlecture/${lectureId}`, cookie, {
      multipart: {
        lectureTitle: 'Ownership basics',
        isPreviewFree: 'true',
        videoUrl: { filename: 'ownership.mp4', type: 'video/mp4', data: TINY_MP4 },
      },
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().lecture).toMatchObject({
      _id: lectureId,
      lectureTitle: 'Ownership basics',
      isPreviewFree: true,
      videoUrl: `/media/lectures/${lectureId}`,
    });
    const videos = await storedKeys(app, `private/lectures/${id}`);
    expect(videos).toHaveLength(1);
    expect(videos[0]).toMatch(new RegExp(`^private/lectures/${id}/${lectureId}/[0-9a-f-]{36}\\.mp4$`));
    expect(await storedKeys(app, 'public/lectures')).toEqual([]);

    const list = await send(app, 'GET', `/api/course/getcourselecture/${id}`, cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().lectures.map((l: { lectureTitle: string }) => l.lectureTitle)).toEqual([
      'Ownership basics',
      'Borrowing',
    ]);

    const published = await send(app, 'POST', `/api/course/editcourse/${id}`, cookie, {
      multipart: { isPublished: 'true' },
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ isPublished: true, price: 1299, level: 'Intermediate' });
    const catalogue = (await send(app, 'GET', '/api/course/getpublishedcoures', studentCookie)).json();
    expect(catalogue.map((c: { _id: string }) => c._id)).toContain(id);
    expect(catalogue.find((c: { _id: string }) => c._id === id).enrolledStudents).toBeUndefined();

    const mine = (await send(app, 'GET', '/api/course/getcreatorcourses', cookie)).json();
    expect(mine.find((c: { _id: string }) => c._id === id)).toMatchObject({ lectureCount: 2, enrolledCount: 0 });

    const unpublished = await send(app, 'POST', `/api/course/editcourse/${id}`, cookie, { isPublished: false });
    expect(unpublished.statusCode).toBe(200);
    const after = (await send(app, 'GET', '/api/course/getpublishedcoures', studentCookie)).json();
    expect(after.map((c: { _id: string }) => c._id)).not.toContain(id);

    const removed = await send(app, 'DELETE', `/api/course/removecourse/${id}`, cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Course Deleted' });
    expect(await storedKeys(app, `public/thumbnails/${id}`)).toEqual([]);
    expect(await storedKeys(app, `private/lectures/${id}`)).toEqual([]);
    expect(await app.db.select().from(lectures).where(eq(lectures.courseId, id))).toEqual([]);
    expect((await send(app, 'GET', `/api/course/getcourse/${id}`, cookie)).statusCode).toBe(404);
    expect(l2.statusCode).toBe(201);
  });

  it('accepts JSON for the non-file fields and leaves fields that are not sent unchanged', async () => {
    const c = await createCourse(app, educator.id, {
      title: 'Keep me',
      subTitle: 'Sub',
      price: 10,
      level: 'Advanced',
      isPublished: false,
    });
    const res = await send(app, 'POST', `/api/course/editcourse/${c.id}`, cookie, { price: 0, isPublished: 'true' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Keep me',
      subTitle: 'Sub',
      level: 'Advanced',
      price: 0,
      isPublished: true,
    });
    // Empty strings for the choice fields (an untouched select) change nothing.
    const again = await send(app, 'POST', `/api/course/editcourse/${c.id}`, cookie, {
      multipart: { level: '', price: '', category: '' },
    });
    expect(again.json()).toMatchObject({ level: 'Advanced', price: 0, category: 'Web Development' });
  });

  it('replaces the thumbnail renditions and removes the old ones', async () => {
    const c = await createCourse(app, educator.id, { isPublished: false });
    const put = (color: { r: number; g: number; b: number }) =>
      jpeg(640, 360, color).then((data) =>
        send(app, 'POST', `/api/course/editcourse/${c.id}`, cookie, {
          multipart: { thumbnail: { filename: 'a.png', type: 'image/png', data } },
        }),
      );
    const first = await put({ r: 0, g: 0, b: 0 });
    expect(first.statusCode).toBe(200);
    const before = await storedKeys(app, `public/thumbnails/${c.id}`);
    expect(before).toHaveLength(2);
    const second = await put({ r: 255, g: 255, b: 255 });
    expect(second.statusCode).toBe(200);
    const after = await storedKeys(app, `public/thumbnails/${c.id}`);
    expect(after).toHaveLength(2);
    expect(after.some((k) => before.includes(k))).toBe(false);
    expect(second.json().thumbnail).not.toBe(first.json().thumbnail);
    // The same picture again keeps its renditions.
    const same = await put({ r: 255, g: 255, b: 255 });
    expect(same.statusCode).toBe(200);
    expect(await storedKeys(app, `public/thumbnails/${c.id}`)).toEqual(after);
  });

  it('keeps the new thumbnail and answers 200 when removing the replaced renditions fails', async () => {
    const c = await createCourse(app, educator.id, { isPublished: false });
    const put = (color: { r: number; g: number; b: number }) =>
      jpeg(640, 360, color).then((data) =>
        send(app, 'POST', `/api/course/editcourse/${c.id}`, cookie, {
          multipart: { thumbnail: { filename: 'a.png', type: 'image/png', data } },
        }),
      );
    expect((await put({ r: 10, g: 20, b: 30 })).statusCode).toBe(200);
    const before = await storedKeys(app, `public/thumbnails/${c.id}`);
    const remove = vi.spyOn(app.storage, 'remove').mockRejectedValue(new Error('storage is down'));
    try {
      const second = await put({ r: 30, g: 20, b: 10 });
      expect(second.statusCode, second.body).toBe(200);
      expect(remove).toHaveBeenCalled();
    } finally {
      remove.mockRestore();
    }
    const [row] = await app.db.select().from(courses).where(eq(courses.id, c.id));
    const after = await storedKeys(app, `public/thumbnails/${c.id}`);
    // The new renditions the course points at are there; the old ones are merely left behind.
    expect(after.filter((k) => !before.includes(k))).toHaveLength(2);
    expect(after.filter((k) => k.startsWith(`${row.thumbnailKey}-`))).toHaveLength(2);
    expect(before.some((k) => k.startsWith(`${row.thumbnailKey}-`))).toBe(false);
  });

  it('checks thumbnails by content: a renamed non-image is refused and nothing changes', async () => {
    const c = await createCourse(app, educator.id, { isPublished: false, title: 'Before' });
    const res = await send(app, 'POST', `/api/course/editcourse/${c.id}`, cookie, {
      multipart: {
        title: 'After',
        thumbnail: { filename: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('just some text, not a JPEG') },
      },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/Only image files/);
    const video = await send(app, 'POST', `/api/course/editcourse/${c.id}`, cookie, {
      multipart: { thumbnail: { filename: 'photo.png', type: 'image/png', data: TINY_MP4 } },
    });
    expect(video.statusCode).toBe(415);
    // JPEG magic bytes followed by garbage: recognised as JPEG, but it cannot be decoded.
    const broken = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
      Buffer.alloc(2000, 7),
    ]);
    const corrupt = await send(app, 'POST', `/api/course/editcourse/${c.id}`, cookie, {
      multipart: { thumbnail: { filename: 'broken.jpg', type: 'image/jpeg', data: broken } },
    });
    expect(corrupt.statusCode).toBe(415);
    expect(corrupt.json().message).toBe('The image could not be read; please choose another file');
    expect(await storedKeys(app, `public/thumbnails/${c.id}`)).toEqual([]);
    const [row] = await app.db.select().from(courses).where(eq(courses.id, c.id));
    expect(row.title).toBe('Before');
  });

  it('refuses thumbnails over 5 MB', async () => {
    const c = await createCourse(app, educator.id, { isPublished: false });
    const big = Buffer.concat([await jpeg(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await send(app, 'POST', `/api/course/editcourse/${c.id}`, cookie, {
      multipart: { thumbnail: { filename: 'big.jpg', type: 'image/jpeg', data: big } },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Images must be 5 MB or smaller');
    expect(await storedKeys(app, `public/thumbnails/${c.id}`)).toEqual([]);
  });

  it('names a file sent in the wrong field and changes nothing', async () => {
    const c = await createCourse(app, educator.id, { isPublished: false, lectures: [{ lectureTitle: 'T' }] });
    const image = { filename: 'a.jpg', type: 'image/jpeg', data: await jpeg() };
    const course = await send(app, 'POST', `/api/course/editcourse/${c.id}`, cookie, {
      multipart: { title: 'Changed', photo: image },
    });
    expect(course.statusCode).toBe(400);
    expect(course.json().message).toBe('Unexpected file field "photo"');
    const lecture = await send(app, 'POST', `/api/course/editlecture/${c.lectures[0].id}`, cookie, {
      multipart: { video: { filename: 'a.mp4', type: 'video/mp4', data: TINY_MP4 } },
    });
    expect(lecture.statusCode).toBe(400);
    expect(lecture.json().message).toBe('Unexpected file field "video"; send the video as videoUrl');
    const [row] = await app.db.select().from(courses).where(eq(courses.id, c.id));
    expect(row.title).not.toBe('Changed');
    expect(await storedKeys(app, `private/lectures/${c.id}`)).toEqual([]);
  });

  describe('validation', () => {
    it('requires a title and a category from the list to create', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ category: 'Web Development' }, 'title', 'Title is required'],
        [{ title: '   ', category: 'Web Development' }, 'title', 'Title is required'],
        [{ title: 'x'.repeat(121), category: 'Web Development' }, 'title', 'Title must be 120 characters or fewer'],
        [{ title: 'Ok' }, 'category', 'Choose a category from the list'],
        [{ title: 'Ok', category: 'Cooking' }, 'category', 'Choose a category from the list'],
      ];
      for (const [body, field, message] of cases) {
        const res = await send(app, 'POST', '/api/course/create', cookie, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe(message);
        expect(res.json().fields).toHaveProperty(field);
      }
      const ok = await send(app, 'POST', '/api/course/create', cookie, { title: 'x'.repeat(120), category: 'Others' });
      expect(ok.statusCode).toBe(201);
    });

    it('checks every edited field and changes nothing when one is wrong', async () => {
      const c = await createCourse(app, educator.id, { isPublished: false, title: 'Valid', price: 100 });
      const cases: [Record<string, string>, string, RegExp][] = [
        [{ title: '' }, 'title', /Title is required/],
        [{ title: 'y'.repeat(121) }, 'title', /120 characters/],
        [{ category: 'Cooking' }, 'category', /category/],
        [{ level: 'Expert' }, 'level', /level/],
        [{ price: '12.50' }, 'price', /whole number/],
        [{ price: '-1' }, 'price', /whole number/],
        [{ price: 'abc' }, 'price', /whole number/],
        [{ price: String(MAX_PRICE_INR + 1) }, 'price', /whole number/],
        [{ isPublished: 'yes' }, 'isPublished', /true or false/],
        [{ subTitle: 's'.repeat(201) }, 'subTitle', /200/],
      ];
      for (const [fields, field, message] of cases) {
        const res = await send(app, 'POST', `/api/course/editcourse/${c.id}`, cookie, {
          multipart: { ...fields, description: 'should not be saved' },
        });
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.json().message).toMatch(message);
        expect(res.json().fields).toHaveProperty(field);
      }
      const max = await send(app, 'POST', `/api/course/editcourse/${c.id}`, cookie, {
        multipart: { price: String(MAX_PRICE_INR) },
      });
      expect(max.json().price).toBe(MAX_PRICE_INR);
      const [row] = await app.db.select().from(courses).where(eq(courses.id, c.id));
      expect(row.description).toBe('');
    });

    it('cannot publish without level and price, naming what is missing', async () => {
      const created = await send(app, 'POST', '/api/course/create', cookie, { title: 'Draft', category: 'AI/ML' });
      const id = created.json()._id;
      const res = await send(app, 'POST', `/api/course/editcourse/${id}`, cookie, {
        multipart: { isPublished: 'true' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Cannot publish yet: add the course's level and price first");
      expect(res.json().fields).toEqual({ level: 'Required to publish', price: 'Required to publish' });
      const withLevel = await send(app, 'POST', `/api/course/editcourse/${id}`, cookie, {
        multipart: { isPublished: 'true', level: 'Beginner' },
      });
      expect(withLevel.json().message).toBe("Cannot publish yet: add the course's price first");
      const ok = await send(app, 'POST', `/api/course/editcourse/${id}`, cookie, {
        multipart: { isPublished: 'true', level: 'Beginner', price: '0' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().isPublished).toBe(true);
    });
  });

  describe('deleting', () => {
    it('is refused with 409 while learners are enrolled (they keep access)', async () => {
      const c = await createCourse(app, educator.id, { lectures: [{ lectureTitle: 'One' }] });
      await enroll(app, student.id, c.id);
      const res = await send(app, 'DELETE', `/api/course/removecourse/${c.id}`, cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This course has enrolled learners; unpublish it instead');
      expect(await app.db.select().from(courses).where(eq(courses.id, c.id))).toHaveLength(1);
      const unpublish = await send(app, 'POST', `/api/course/editcourse/${c.id}`, cookie, { isPublished: 'false' });
      expect(unpublish.json().isPublished).toBe(false);
    });

    it('is refused with 409 while a learner may be paying (a fresh open order)', async () => {
      const c = await createCourse(app, educator.id);
      await app.db.insert(paymentOrders).values({
        providerOrderId: `order_${c.id.slice(0, 12)}`,
        provider: 'sandbox',
        userId: student.id,
        courseId: c.id,
        amount: 49900,
        expiresAt: new Date(Date.now() + 30 * 60_000),
      });
      const res = await send(app, 'DELETE', `/api/course/removecourse/${c.id}`, cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/paying for this course right now/);
    });

    it('is refused with 409 while an open order has not expired (however old it is), or expired only minutes ago', async () => {
      const c = await createCourse(app, educator.id);
      const providerOrderId = `order_${c.id.slice(0, 10)}`;
      // PAYMENT_ORDER_TTL_MINUTES may be up to a day: an order opened hours ago can still be paid.
      await app.db.insert(paymentOrders).values({
        providerOrderId,
        provider: 'sandbox',
        userId: student.id,
        courseId: c.id,
        amount: 49900,
        createdAt: new Date(Date.now() - 3 * 3_600_000),
        expiresAt: new Date(Date.now() + 20 * 3_600_000),
      });
      const expireAt = (msFromNow: number) =>
        app.db
          .update(paymentOrders)
          .set({ expiresAt: new Date(Date.now() + msFromNow) })
          .where(eq(paymentOrders.providerOrderId, providerOrderId));
      const open = await send(app, 'DELETE', `/api/course/removecourse/${c.id}`, cookie);
      expect(open.statusCode).toBe(409);
      expect(open.json().message).toBe(
        'A learner is paying for this course right now; unpublish it, and delete it once their checkout has expired',
      );
      // Just expired: a payment may still be landing.
      await expireAt(-2 * 60_000);
      expect((await send(app, 'DELETE', `/api/course/removecourse/${c.id}`, cookie)).statusCode).toBe(409);
      // Past the grace: an abandoned checkout no longer holds the course.
      await expireAt(-30 * 60_000);
      expect((await send(app, 'DELETE', `/api/course/removecourse/${c.id}`, cookie)).statusCode).toBe(200);
      expect(await app.db.select().from(courses).where(eq(courses.id, c.id))).toEqual([]);
    });

    it('answers 200 once the course is deleted even when removing its media fails', async () => {
      const c = await createCourse(app, educator.id, { isPublished: false, lectures: [{ lectureTitle: 'Own' }] });
      const thumb = await send(app, 'POST', `/api/course/editcourse/${c.id}`, cookie, {
        multipart: { thumbnail: { filename: 'a.jpg', type: 'image/jpeg', data: await jpeg(640, 360) } },
      });
      expect(thumb.statusCode).toBe(200);
      const video = await send(app, 'POST', `/api/course/editlecture/${c.lectures[0].id}`, cookie, {
        multipart: { videoUrl: { filename: 'v.mp4', type: 'video/mp4', data: TINY_MP4 } },
      });
      expect(video.statusCode).toBe(200);
      const failure = () => Promise.reject(new Error('storage is down'));
      const remove = vi.spyOn(app.storage, 'remove').mockImplementation(failure);
      const removePrefix = vi.spyOn(app.storage, 'removePrefix').mockImplementation(failure);
      try {
        const res = await send(app, 'DELETE', `/api/course/removecourse/${c.id}`, cookie);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ message: expect.any(String) });
        expect(remove).toHaveBeenCalled();
        expect(removePrefix).toHaveBeenCalled();
      } finally {
        remove.mockRestore();
        removePrefix.mockRestore();
      }
      expect(await app.db.select().from(courses).where(eq(courses.id, c.id))).toEqual([]);
      expect(await app.db.select().from(lectures).where(eq(lectures.courseId, c.id))).toEqual([]);
    });

    it('removes reviews, abandoned orders, lectures and own videos but never the shared demo videos', async () => {
      await app.storage.put('private/demo/lecture-01.mp4', TINY_MP4);
      const c = await createCourse(app, educator.id, {
        isPublished: false,
        lectures: [{ lectureTitle: 'Demo', videoKey: 'private/demo/lecture-01.mp4' }, { lectureTitle: 'Own' }],
      });
      const own = c.lectures[1];
      const up = await send(app, 'POST', `/api/course/editlecture/${own.id}`, cookie, {
        multipart: { videoUrl: { filename: 'v.mp4', type: 'video/mp4', data: TINY_MP4 } },
      });
      expect(up.statusCode).toBe(200);
      await app.db.insert(reviews).values({ courseId: c.id, userId: student.id, rating: 4, comment: 'Nice' });
      await app.db.insert(paymentOrders).values({
        providerOrderId: `order_${c.id.slice(0, 8)}`,
        provider: 'sandbox',
        userId: student.id,
        courseId: c.id,
        amount: 49900,
        // An abandoned checkout: long past the time anyone could still be paying.
        createdAt: new Date(Date.now() - 2 * 3_600_000),
        expiresAt: new Date(Date.now() - 90 * 60_000),
      });
      const res = await send(app, 'DELETE', `/api/course/removecourse/${c.id}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(await storedKeys(app, 'private/demo')).toEqual(['private/demo/lecture-01.mp4']);
      expect(await storedKeys(app, `private/lectures/${c.id}`)).toEqual([]);
      expect(await app.db.select().from(reviews).where(eq(reviews.courseId, c.id))).toEqual([]);
      expect(await app.db.select().from(paymentOrders).where(eq(paymentOrders.courseId, c.id))).toEqual([]);
    });
  });

  it('computes the dashboard figures in the database on a known data set', async () => {
    const teacher = await createUser(app, { role: 'educator' });
    const teacherCookie = await loginCookie(app, teacher);
    const learners = await Promise.all([1, 2, 3].map(() => createUser(app)));
    const a = await createCourse(app, teacher.id, {
      title: 'Course A',
      price: 1299,
      lectures: [{ lectureTitle: '1' }, { lectureTitle: '2' }, { lectureTitle: '3' }],
    });
    const b = await createCourse(app, teacher.id, { title: 'Course B', price: null, isPublished: false });
    const free = await createCourse(app, teacher.id, {
      title: 'Course C',
      price: 0,
      lectures: [{ lectureTitle: 'x' }],
    });
    const big = await createCourse(app, teacher.id, { title: 'Course D', price: MAX_PRICE_INR });
    for (const l of learners) await enroll(app, l.id, a.id);
    await enroll(app, learners[0].id, b.id);
    await enroll(app, learners[1].id, free.id);
    await enroll(app, learners[0].id, big.id);
    await enroll(app, learners[1].id, big.id);
    // Someone else's course does not count.
    const foreign = await createCourse(app, other.id, { price: 999 });
    await enroll(app, learners[2].id, foreign.id);

    const res = await send(app, 'GET', '/api/course/getcreatorcourses', teacherCookie);
    expect(res.statusCode).toBe(200);
    const list = res.json() as {
      _id: string;
      lectureCount: number;
      enrolledCount: number;
      enrolledStudents: string[];
      earnings: number;
    }[];
    expect(list.map((c) => c._id)).toEqual([big.id, free.id, b.id, a.id]);
    const byId = Object.fromEntries(list.map((c) => [c._id, c]));
    expect(byId[a.id]).toMatchObject({ lectureCount: 3, enrolledCount: 3, earnings: 3 * 1299 });
    expect(new Set(byId[a.id].enrolledStudents)).toEqual(new Set(learners.map((l) => l.id)));
    expect(byId[b.id]).toMatchObject({ lectureCount: 0, enrolledCount: 1, earnings: 0 });
    expect(byId[free.id]).toMatchObject({ lectureCount: 1, enrolledCount: 1, earnings: 0 });
    expect(byId[big.id]).toMatchObject({ lectureCount: 0, enrolledCount: 2, earnings: 2 * MAX_PRICE_INR });
    expect(list.reduce((s, c) => s + c.earnings, 0)).toBe(3 * 1299 + 2 * MAX_PRICE_INR);
  });

  describe('authorization', () => {
    it('lets only educators create: 401 anonymous, 403 students', async () => {
      const body = { title: 'Nope', category: 'Others' };
      expect((await send(app, 'POST', '/api/course/create', undefined, body)).statusCode).toBe(401);
      const s = await send(app, 'POST', '/api/course/create', studentCookie, body);
      expect(s.statusCode).toBe(403);
      expect(s.json().message).toBe('Only educators can do this');
      expect((await send(app, 'GET', '/api/course/getcreatorcourses', undefined)).statusCode).toBe(401);
      expect((await send(app, 'GET', '/api/course/getcreatorcourses', studentCookie)).statusCode).toBe(403);
    });

    it("lists only the educator's own courses", async () => {
      const mine = await createCourse(app, other.id, { title: 'Other educator course' });
      const list = (await send(app, 'GET', '/api/course/getcreatorcourses', cookie)).json();
      expect(list.map((c: { _id: string }) => c._id)).not.toContain(mine.id);
      expect(list.every((c: { creator: string }) => c.creator === educator.id)).toBe(true);
    });

    it('keeps every course endpoint to its creator: 401, 403, and 404 where existence must not leak', async () => {
      const published = await createCourse(app, educator.id, { isPublished: true, title: 'Pub' });
      const draft = await createCourse(app, educator.id, { isPublished: false, title: 'Draft' });
      const calls = (id: string) =>
        [
          ['POST', `/api/course/editcourse/${id}`, { multipart: { title: 'Hacked', isPublished: 'false' } }],
          ['POST', `/api/course/editcourse/${id}`, { title: 'Hacked' }],
          ['DELETE', `/api/course/removecourse/${id}`, undefined],
        ] as const;
      for (const course of [published, draft]) {
        for (const [method, url, body] of calls(course.id)) {
          const label = `${method} ${url} ${course.isPublished ? 'published' : 'draft'}`;
          expect((await send(app, method, url, undefined, body)).statusCode, label).toBe(401);
          expect((await send(app, method, url, studentCookie, body)).statusCode, label).toBe(403);
          const byOther = await send(app, method, url, otherCookie, body);
          expect(byOther.statusCode, label).toBe(course.isPublished ? 403 : 404);
          if (!course.isPublished) expect(byOther.json().message).toBe('Course not found');
        }
      }
      for (const course of [published, draft]) {
        const [row] = await app.db.select().from(courses).where(eq(courses.id, course.id));
        expect(row).toMatchObject({ title: course.title, isPublished: course.isPublished });
      }
      for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        expect((await send(app, 'POST', `/api/course/editcourse/${bad}`, cookie, { title: 'x' })).statusCode).toBe(404);
        expect((await send(app, 'DELETE', `/api/course/removecourse/${bad}`, cookie)).statusCode).toBe(404);
      }
    });
  });
});
