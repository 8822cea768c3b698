import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../src/test/app.ts';
import {
  countRows,
  SYNTHETIC_EMAIL_DOMAIN,
  SYNTHETIC_PASSWORD,
  SyntheticSeedError,
  seedSynthetic,
} from './synthetic.ts';
import { syntheticCourse, syntheticId } from './synthetic-data.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('synthetic-scale seeder', async () => {
  const app = await buildTestApp();
  const options = { courses: 200, learners: 150, enrollments: 1200, reviews: 500, bigEducatorCourses: 40, seed: 3 };
  const counts = await seedSynthetic(app.db, app.storage, { ...options, batchSize: 64 });

  it('fills exactly what was asked, consistently', async () => {
    expect(counts).toMatchObject({ courses: 200, enrollments: 1200, reviews: 500, users: 150 + 10 });
    expect(counts.publishedCourses).toBeGreaterThan(160);
    expect(counts.searchIndexed).toBe(counts.publishedCourses);
    expect(counts.lectures).toBeGreaterThan(counts.courses * 3);
    expect(counts.lectureProgress).toBeGreaterThan(0);
    const [check] = rowsOf<Record<string, number>>(
      await app.db.execute(sql`select
        (select count(*) from enrollments e join courses c on c.id = e.course_id where not c.is_published)::int as "draftEnrolments",
        (select count(*) from reviews r left join enrollments e using (course_id, user_id) where e.id is null)::int as "reviewsWithoutEnrolment",
        (select count(*) from enrollments where amount_paid > 0)::int as "paidEnrolments",
        (select count(*) from payment_orders where status = 'paid')::int as "paidOrders",
        (select count(*) from courses where creator_id = ${syntheticId(3, 'educator', 1)}::uuid)::int as "bigEducator",
        (select count(distinct category) from courses)::int as "categories",
        (select count(distinct language) from courses)::int as "languages",
        (select count(*) from courses where language = 'en')::int as "english",
        (select count(*) from course_rank where language = 'hi' and listed)::int as "hindiListed",
        (select count(distinct title) from courses)::int as "titles",
        (select max(n) from (select count(*) as n from enrollments group by course_id) t)::int as "mostLearners"`),
    );
    expect(check).toMatchObject({ draftEnrolments: 0, reviewsWithoutEnrolment: 0, bigEducator: 40, categories: 9 });
    expect(check.paidOrders).toBe(check.paidEnrolments);
    expect(check.titles).toBeGreaterThan(150);
    // Mostly English, some courses in Hindi and other Indian languages, in the catalogue's filter too.
    expect(check.languages).toBeGreaterThanOrEqual(4);
    expect(check.english).toBeGreaterThan(100);
    expect(check.english).toBeLessThan(190);
    expect(check.hindiListed).toBeGreaterThan(5);
    // Popularity is skewed: the top course has far more than the average of 6 learners.
    expect(check.mostLearners).toBeGreaterThan(20);
  });

  it('is deterministic: ids and texts follow from the seed', async () => {
    const [row] = rowsOf<{ title: string }>(
      await app.db.execute(sql`select title from courses where id = ${syntheticId(3, 'course', 17)}::uuid`),
    );
    expect(row.title).toBe(syntheticCourse(3, 17).title);
  });

  it('serves the catalogue, media, sign-in and AI search through the real app', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/course/getpublishedcoures' });
    expect(list.statusCode).toBe(200);
    const courses = list.json() as { _id: string; thumbnail: string | null; lectures: { videoUrl: string | null }[] }[];
    expect(courses).toHaveLength(counts.publishedCourses);
    const withMedia = courses.find((c) => c.thumbnail && c.lectures.length > 0);
    expect(withMedia?.lectures[0].videoUrl).toBeTruthy();
    expect((await app.inject({ method: 'GET', url: withMedia?.thumbnail as string })).statusCode).toBe(200);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `learner2@${SYNTHETIC_EMAIL_DOMAIN}`, password: SYNTHETIC_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const search = await app.inject({
      method: 'POST',
      url: '/api/ai/search',
      headers: { cookie, origin: app.config.publicUrl },
      payload: { input: 'machine learning for beginners' },
    });
    expect(search.statusCode).toBe(200);
    expect((search.json() as unknown[]).length).toBeGreaterThan(0);
  });

  it('refuses a database that is not empty, and changes nothing', async () => {
    const before = await countRows(app.db);
    await expect(seedSynthetic(app.db, app.storage, options)).rejects.toThrow(SyntheticSeedError);
    await expect(seedSynthetic(app.db, app.storage, options)).rejects.toThrow(/not empty/);
    expect(await countRows(app.db)).toEqual(before);
  });
});
