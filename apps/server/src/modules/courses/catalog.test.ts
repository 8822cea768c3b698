import zlib from 'node:zlib';
import { catalogPageSchema, courseSchema, reviewSchema } from '@kaksha/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { courses } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie, type TestApp } from '../../test/app.ts';

type Card = { _id: string; category: string };

/** Follows `nextCursor` to the end; fails on a repeated page (a cursor that does not move). */
async function allPages(app: TestApp, query: string) {
  const cards: Card[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const res = await app.inject(`/api/course/catalog?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = catalogPageSchema.parse(res.json());
    cards.push(...page.courses);
    totals.push(page.total);
    if (!page.nextCursor) return { cards, totals };
    cursor = page.nextCursor;
  }
  throw new Error('the catalogue never ended');
}

/** Published ids newest first, as the database orders them (the reference for every list). */
async function publishedIds(app: TestApp, category?: string[]) {
  const rows = await app.db.execute<{ id: string }>(
    sql`select id from courses where is_published ${category ? sql`and category = any(${sql.param(category)}::text[])` : sql``} order by created_at desc, id asc`,
  );
  return rows.rows.map((r) => r.id);
}

// Issue 16: the paged catalogue, and the spec's lists served from per-version snapshots.
describe('catalogue pages and snapshots', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator', name: 'Asha Educator' });
  const other = await createUser(app, { role: 'educator' });
  const learner = await createUser(app);
  const web = await createCourse(app, educator.id, {
    title: 'Web basics',
    category: 'Web Development',
    lectures: [{ lectureTitle: 'One' }, { lectureTitle: 'Two' }],
  });
  const ai = await createCourse(app, other.id, { title: 'AI basics', category: 'AI/ML' });
  await createCourse(app, educator.id, { title: 'Hidden draft', category: 'AI/ML', isPublished: false });
  // 60 more published courses, a third of them sharing one creation time to the microsecond:
  // the keyset must neither skip nor repeat rows that tie on time.
  await app.db.execute(sql`
    insert into courses (creator_id, title, category, level, price, is_published, created_at)
    select ${other.id}::uuid, 'Bulk course ' || n,
           (array['Data Science','AI Tools','Others'])[1 + n % 3], 'Beginner', 100 * n, true,
           case when n % 3 = 0 then timestamptz '2026-01-01 10:00:00.123456+00'
                else timestamptz '2026-01-01 00:00:00+00' + n * interval '1 minute' end
    from generate_series(1, 60) as n`);

  it('pages through every published course newest first, with slim cards and a total', async () => {
    const { cards, totals } = await allPages(app, 'limit=7');
    const expected = await publishedIds(app);
    expect(cards.map((c) => c._id)).toEqual(expected);
    expect(new Set(totals)).toEqual(new Set([expected.length]));
    const card = cards.find((c) => c._id === web.id);
    expect(card).toMatchObject({ title: 'Web basics', creatorName: 'Asha Educator', lectureCount: 2, reviewCount: 0 });
    expect(card).not.toHaveProperty('lectures');
    expect(card).not.toHaveProperty('reviews');
  });

  it('filters by categories on the server: several mean any of them', async () => {
    const { cards, totals } = await allPages(app, 'category=AI%2FML&category=Others&limit=5');
    expect(cards.map((c) => c._id)).toEqual(await publishedIds(app, ['AI/ML', 'Others']));
    expect(cards.map((c) => c._id)).toContain(ai.id);
    expect(totals[0]).toBe(cards.length);
    expect(new Set(cards.map((c) => c.category))).toEqual(new Set(['AI/ML', 'Others']));
  });

  it("lists one educator's published courses", async () => {
    const { cards, totals } = await allPages(app, `creator=${educator.id}`);
    expect(cards.map((c) => c._id)).toEqual([web.id]);
    expect(totals).toEqual([1]);
  });

  it('answers 400 with a message for a bad category, creator, cursor or limit', async () => {
    for (const query of ['category=Cooking', 'creator=x', 'cursor=not-a-cursor', 'limit=0', 'limit=101', 'limit=x']) {
      const res = await app.inject(`/api/course/catalog?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toEqual(expect.any(String));
    }
  });

  it('serves getpublishedcoures and allReview the same in br, gzip and plain, with the version as ETag', async () => {
    await enroll(app, learner.id, web.id);
    const cookie = await loginCookie(app, learner);
    const review = await app.inject({
      method: 'POST',
      url: '/api/review/givereview',
      headers: { cookie },
      payload: { courseId: web.id, rating: 4, comment: 'Clear' },
    });
    expect(review.statusCode).toBe(201);
    for (const [url, itemSchema] of [
      ['/api/course/getpublishedcoures', courseSchema],
      ['/api/review/allReview', reviewSchema],
    ] as const) {
      const plain = await app.inject(url);
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      // Not re-validated when served: the contract is checked here instead.
      z.array(itemSchema).parse(plain.json());
      expect(plain.headers.etag).toMatch(/^W\/"v\d+"$/);
      const again = await app.inject({ url, headers: { 'if-none-match': plain.headers.etag as string } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    const reviews = (await app.inject('/api/review/allReview')).json();
    expect(reviews[0]).toMatchObject({ comment: 'Clear', course: web.id, courseTitle: 'Web basics' });
  });

  it('changes the answer and its ETag as soon as the catalogue changes', async () => {
    const before = await app.inject(`/api/course/getcourse/${ai.id}`);
    const list = await app.inject('/api/course/getpublishedcoures');
    await app.db.update(courses).set({ title: 'AI basics, revised' }).where(eq(courses.id, ai.id));
    const after = await app.inject({
      url: `/api/course/getcourse/${ai.id}`,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().title).toBe('AI basics, revised');
    const listAfter = await app.inject({
      url: '/api/course/getpublishedcoures',
      headers: { 'if-none-match': list.headers.etag as string },
    });
    expect(listAfter.statusCode).toBe(200);
    expect(listAfter.json().find((c: { _id: string }) => c._id === ai.id).title).toBe('AI basics, revised');

    await app.db.update(courses).set({ isPublished: false }).where(eq(courses.id, ai.id));
    expect((await app.inject(`/api/course/getcourse/${ai.id}`)).statusCode).toBe(404);
    const { cards } = await allPages(app, 'category=AI%2FML');
    expect(cards.map((c) => c._id)).not.toContain(ai.id);
    await app.db.update(courses).set({ isPublished: true }).where(eq(courses.id, ai.id));
  });

  it("gives a course's creator their learners and earnings, never anyone else", async () => {
    const creatorCookie = await loginCookie(app, educator);
    const own = (
      await app.inject({ url: '/api/course/getpublishedcoures', headers: { cookie: creatorCookie } })
    ).json();
    expect(own.find((c: { _id: string }) => c._id === web.id)).toMatchObject({
      enrolledStudents: [learner.id],
      enrolledCount: 1,
      earnings: 499,
    });
    // Someone else's courses in the same answer stay public.
    expect(own.find((c: { _id: string }) => c._id === ai.id).enrolledStudents).toBeUndefined();
    const course = await app.inject({ url: `/api/course/getcourse/${web.id}`, headers: { cookie: creatorCookie } });
    expect(course.json()).toMatchObject({ enrolledCount: 1, earnings: 499 });

    for (const cookie of ['', await loginCookie(app, other), await loginCookie(app, learner)]) {
      const headers = cookie ? { cookie } : {};
      const list = (await app.inject({ url: '/api/course/getpublishedcoures', headers })).json();
      expect(list.find((c: { _id: string }) => c._id === web.id).enrolledStudents).toBeUndefined();
      const page = (await app.inject({ url: `/api/course/getcourse/${web.id}`, headers })).json();
      expect(page.earnings).toBeUndefined();
      expect(page.enrolledStudents).toBeUndefined();
    }
  });

  it('streams a complete answer when it is larger than a snapshot may be, in several pages', async () => {
    const small = await buildTestApp({ SNAPSHOT_MAX_MB: '0.01' });
    const owner = await createUser(small, { role: 'educator' });
    await small.db.execute(sql`
      insert into courses (creator_id, title, category, level, price, is_published, created_at)
      select ${owner.id}::uuid, 'Course ' || n, 'Others', 'Beginner', 0, true,
             timestamptz '2026-01-01 00:00:00+00' + (n % 40) * interval '1 second'
      from generate_series(1, 1100) as n`);
    const res = await small.inject({ url: '/api/course/getpublishedcoures', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    const list = JSON.parse(zlib.gunzipSync(res.rawPayload).toString());
    expect(list.map((c: { _id: string }) => c._id)).toEqual(await publishedIds(small));
    expect(small.snapshots.size.bytes).toBe(0);
    const limited = (await small.inject('/api/course/getpublishedcoures?limit=3')).json();
    expect(limited.map((c: { _id: string }) => c._id)).toEqual((await publishedIds(small)).slice(0, 3));
  });
});
