import { type CatalogPage, catalogPageSchema, LANGUAGE_CODES } from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, enroll, loginCookie, type TestApp } from '../../test/app.ts';
import { reindexAll } from '../search/search.service.ts';
import { send } from './test-helpers.ts';

/*
 * A course's language (issue #29): chosen by its educator, in every course answer, and a filter
 * and facet of the catalogue that follows every change of a course.
 */

async function catalog(app: TestApp, query: string): Promise<CatalogPage> {
  const res = await app.inject(`/api/course/catalog?${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return catalogPageSchema.parse(res.json());
}

const facet = (page: CatalogPage) => Object.fromEntries(page.facets.language.map((f) => [f.value, f.count]));

describe('course language', async () => {
  // Publishing again below needs only the spec's minimum (the checklist has its own tests).
  const app = await buildTestApp({ PUBLISH_CHECKLIST: 'off' });
  const educator = await createUser(app, { role: 'educator', name: 'Kavita Joshi' });
  const cookie = await loginCookie(app, educator);
  const learner = await createUser(app);
  const learnerCookie = await loginCookie(app, learner);

  it('is English unless the educator says otherwise, and is saved by create and editcourse', async () => {
    const plain = await send(app, 'POST', '/api/course/create', cookie, { title: 'Git basics', category: 'Others' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().language).toBe('en');

    const hindi = await send(app, 'POST', '/api/course/create', cookie, {
      title: 'पायथन की शुरुआत',
      category: 'Data Science',
      language: 'hi',
    });
    expect(hindi.statusCode).toBe(201);
    expect(hindi.json()).toMatchObject({ title: 'पायथन की शुरुआत', language: 'hi' });

    // JSON and multipart edits; a field left out (or sent empty) keeps the language.
    const id = plain.json()._id;
    const tamil = await send(app, 'POST', `/api/course/editcourse/${id}`, cookie, { language: 'ta' });
    expect(tamil.json().language).toBe('ta');
    const kept = await send(app, 'POST', `/api/course/editcourse/${id}`, cookie, {
      multipart: { subTitle: 'Commits and branches', language: '' },
    });
    expect(kept.json()).toMatchObject({ subTitle: 'Commits and branches', language: 'ta' });
    const back = await send(app, 'POST', `/api/course/editcourse/${id}`, cookie, { multipart: { language: 'en' } });
    expect(back.json().language).toBe('en');
  });

  it('refuses a language outside the list with 400 naming the field, and changes nothing', async () => {
    const course = await createCourse(app, educator.id, { language: 'mr', isPublished: false });
    for (const language of ['xx', 'hindi', 'HI', 'en-IN', 7]) {
      const res = await send(app, 'POST', `/api/course/editcourse/${course.id}`, cookie, { language });
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json().fields.language, String(language)).toMatch(/Language must be one of en, hi, bn/);
    }
    const created = await send(app, 'POST', '/api/course/create', cookie, {
      title: 'Nope',
      category: 'Others',
      language: 'klingon',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields.language).toMatch(/ISO 639-1/);
    const mine = await send(app, 'GET', `/api/course/getcourse/${course.id}`, cookie);
    expect(mine.json().language).toBe('mr');
  });

  it('is in every course answer: course page, published list, catalogue, educator, learner, wishlist, search', async () => {
    const course = await createCourse(app, educator.id, {
      title: 'Excel डैशबोर्ड',
      subTitle: 'शुरुआती लोगों के लिए',
      category: 'Data Analytics',
      language: 'hi',
    });
    await enroll(app, learner.id, course.id);
    await reindexAll(app.db); // the factory writes past editcourse, which indexes for search
    const of = (list: { _id: string; language?: string }[]) => list.find((c) => c._id === course.id)?.language;

    expect((await app.inject(`/api/course/getcourse/${course.id}`)).json().language).toBe('hi');
    expect(of((await app.inject('/api/course/getpublishedcoures')).json())).toBe('hi');
    expect(of((await catalog(app, 'limit=100')).courses)).toBe('hi');
    expect(of((await send(app, 'GET', '/api/course/getcreatorcourses', cookie)).json())).toBe('hi');
    expect(of((await send(app, 'GET', '/api/course/getenrolledcourses', learnerCookie)).json())).toBe('hi');

    const origin = { cookie: learnerCookie, origin: app.config.publicUrl };
    expect((await app.inject({ method: 'POST', url: `/api/wishlist/${course.id}`, headers: origin })).statusCode).toBe(
      200,
    );
    const wishlist = (await app.inject({ url: '/api/wishlist', headers: origin })).json();
    expect(of(wishlist.courses)).toBe('hi');

    const search = await app.inject({
      method: 'POST',
      url: '/api/ai/search',
      headers: origin,
      payload: { input: 'excel dashboard' },
    });
    expect(search.statusCode).toBe(200);
    expect(of(search.json())).toBe('hi');
  });

  it('filters the catalogue by language (several mean any) and counts each in its facet', async () => {
    const listed = async () =>
      (
        await app.db.execute<{ language: string; n: number }>(sql`select language, count(*)::int as n
        from courses where is_published group by language`)
      ).rows;
    // A few more, in three languages.
    for (const [language, n] of [
      ['hi', 3],
      ['bn', 2],
      ['en', 2],
    ] as const) {
      for (let i = 0; i < n; i++) await createCourse(app, educator.id, { title: `Course ${language} ${i}`, language });
    }
    const counts = Object.fromEntries((await listed()).map((r) => [r.language, r.n]));
    const all = await catalog(app, 'limit=100');
    expect(facet(all)).toEqual(Object.fromEntries(LANGUAGE_CODES.map((code) => [code, counts[code] ?? 0])));

    const hindi = await catalog(app, 'language=hi&limit=100');
    expect(hindi.total).toBe(counts.hi);
    expect(hindi.courses.every((c) => c.language === 'hi')).toBe(true);
    // Its own facet is counted without it (what choosing another would give), the others with it.
    expect(facet(hindi)).toEqual(facet(all));
    expect(hindi.facets.category.reduce((sum, c) => sum + c.count, 0)).toBe(counts.hi);

    const two = await catalog(app, 'language=hi&language=bn&limit=100');
    expect(two.total).toBe(counts.hi + counts.bn);
    expect(new Set(two.courses.map((c) => c.language))).toEqual(new Set(['hi', 'bn']));
    // With another filter, the language facet counts within it.
    const dataHindi = await catalog(app, 'language=hi&category=Data%20Analytics');
    expect(dataHindi.courses.map((c) => c.title)).toEqual(['Excel डैशबोर्ड']);
    expect(facet(await catalog(app, 'category=Data%20Analytics')).hi).toBe(1);

    expect((await catalog(app, 'language=ur')).total).toBe(0);
  });

  it('follows a course changing language, being unpublished and published again', async () => {
    const course = await createCourse(app, educator.id, { title: 'Moving course', language: 'hi' });
    const before = facet(await catalog(app, ''));

    await send(app, 'POST', `/api/course/editcourse/${course.id}`, cookie, { language: 'gu' });
    const moved = facet(await catalog(app, ''));
    expect(moved).toEqual({ ...before, hi: before.hi - 1, gu: before.gu + 1 });
    expect((await catalog(app, 'language=gu')).courses.map((c) => c._id)).toEqual([course.id]);
    expect((await catalog(app, 'language=hi&limit=100')).courses.map((c) => c._id)).not.toContain(course.id);

    await send(app, 'POST', `/api/course/editcourse/${course.id}`, cookie, { isPublished: false });
    expect(facet(await catalog(app, ''))).toEqual({ ...moved, gu: moved.gu - 1 });
    expect((await catalog(app, 'language=gu')).total).toBe(0);

    // A draft's language changes too, and counts once it is published.
    await send(app, 'POST', `/api/course/editcourse/${course.id}`, cookie, { language: 'kn' });
    expect(facet(await catalog(app, '')).kn).toBe(0);
    await send(app, 'POST', `/api/course/editcourse/${course.id}`, cookie, { isPublished: true });
    expect(facet(await catalog(app, ''))).toEqual({ ...moved, gu: moved.gu - 1, kn: moved.kn + 1 });
  });

  it('answers 400 for an unknown language in the catalogue query', async () => {
    const res = await app.inject('/api/course/catalog?language=hi&language=xx');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/language must be one of en, hi, bn, ta/);
  });
});
