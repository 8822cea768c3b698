import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkIndexFormat } from '../../modules/search/engine/search.index.ts';
import { FORMAT_TERM } from '../../modules/search/engine/search.types.ts';
import { buildTestApp } from '../../test/app.ts';
import { DEMO_COURSES } from './demo-data.ts';
import { DEMO_QUIZZES } from './demo-learning.ts';
import { seedDemoContent } from './seed.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('demo content', async () => {
  const app = await buildTestApp();
  await seedDemoContent(app);

  it('gives every course 2 or 3 sections holding all its lectures, and one valid quiz', async () => {
    const perCourse = rowsOf<{ title: string; sections: number; lectures: number; outside: number; quizzes: number }>(
      await app.db.execute(sql`select c.title,
        (select count(*) from course_sections s where s.course_id = c.id)::int as sections,
        (select count(*) from lectures l where l.course_id = c.id)::int as lectures,
        (select count(*) from lectures l where l.course_id = c.id and l.section_id is null)::int as outside,
        (select count(*) from quizzes q where q.course_id = c.id)::int as quizzes
        from courses c`),
    );
    expect(perCourse).toHaveLength(DEMO_COURSES.length);
    for (const c of perCourse) {
      expect(c.sections, c.title).toBeGreaterThanOrEqual(2);
      expect(c.sections, c.title).toBeLessThanOrEqual(3);
      expect(c.outside, c.title).toBe(0);
      expect(c.quizzes, c.title).toBe(1);
    }
    expect(Object.keys(DEMO_QUIZZES).sort()).toEqual(DEMO_COURSES.map((c) => c.key).sort());
    for (const q of Object.values(DEMO_QUIZZES)) {
      expect(q.questions.length).toBeGreaterThanOrEqual(3);
      for (const question of q.questions) {
        expect(
          question.correct.every((i) => i >= 0 && i < question.options.length),
          question.prompt,
        ).toBe(true);
        expect(question.kind === 'multiple' || question.correct.length === 1, question.prompt).toBe(true);
      }
    }
  });

  it('has a learner who completed a course, passed its quiz and holds its certificate', async () => {
    const cookie = (
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'sneha@kaksha.dev', password: 'Student@123' },
      })
    ).headers['set-cookie'];
    const headers = { cookie: String(Array.isArray(cookie) ? cookie.join('; ') : cookie) };
    const mine = (await app.inject({ url: '/api/certificate/mine', headers })).json();
    expect(mine).toMatchObject([
      {
        learnerName: 'Sneha Kulkarni',
        courseTitle: 'HTML, CSS and JavaScript for Absolute Beginners',
        educatorName: 'Ananya Iyer',
      },
    ]);
    const progress = (await app.inject({ url: `/api/progress/${mine[0].courseId}`, headers })).json();
    expect(progress.percent).toBe(100);
    const quizzes = (await app.inject({ url: `/api/quiz/course/${mine[0].courseId}`, headers })).json();
    expect(quizzes).toMatchObject([{ passed: true, bestScorePercent: 100 }]);
    // Claiming again answers the same certificate.
    const again = await app.inject({ method: 'POST', url: `/api/certificate/claim/${mine[0].courseId}`, headers });
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(mine[0]._id);
  });

  it('has a few Q&A questions on its courses, at moments of their lectures, most answered by the educator', async () => {
    const login = async (email: string, password: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      const cookie = res.headers['set-cookie'];
      return { cookie: String(Array.isArray(cookie) ? cookie.join('; ') : cookie) };
    };
    const [course] = rowsOf<{ id: string }>(
      await app.db.execute(sql`select id from courses where title = 'HTML, CSS and JavaScript for Absolute Beginners'`),
    );
    const page = (
      await app.inject({ url: `/api/qa/course/${course.id}`, headers: await login('priya@kaksha.dev', 'Student@123') })
    ).json();
    expect(page.questions.length).toBeGreaterThanOrEqual(2);
    expect(page.questions[0]).toMatchObject({ featured: true, accepted: true, answered: true, timestampSec: 42 });
    const total = rowsOf<{ questions: number; answers: number }>(
      await app.db.execute(
        sql`select (select count(*) from qa_questions)::int as questions, (select count(*) from qa_answers)::int as answers`,
      ),
    )[0];
    expect(total.questions).toBeGreaterThanOrEqual(5);
    expect(total.answers).toBeGreaterThanOrEqual(5);
    // Some still wait in an educator's inbox; seeding told no one (no notifications, no mail).
    const inbox = (
      await app.inject({ url: '/api/qa/inbox', headers: await login('ananya@kaksha.dev', 'Educator@123') })
    ).json();
    expect(inbox.unansweredCount).toBeGreaterThanOrEqual(1);
    expect(rowsOf<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from notifications`))[0].n).toBe(0);
  });

  it('lists its Hindi courses under the catalogue’s Hindi filter, with Hindi sections', async () => {
    const hindi = DEMO_COURSES.filter((c) => c.language === 'hi' && c.isPublished);
    const page = (await app.inject('/api/course/catalog?language=hi')).json();
    expect(page.courses.map((c: { title: string }) => c.title).sort()).toEqual(hindi.map((c) => c.title).sort());
    expect(page.facets.language.find((f: { value: string }) => f.value === 'hi').count).toBe(hindi.length);
    const course = (await app.inject(`/api/course/getcourse/${page.courses[0]._id}`)).json();
    expect(course.language).toBe('hi');
    expect(course.sections.map((s: { title: string }) => s.title)).toContain('शुरुआत');
  });

  it('leaves a search index of the current format: nothing to re-index at start', async () => {
    // As at a first start, where the demo content is seeded before the app is ready.
    const fresh = await buildTestApp();
    try {
      await fresh.db.execute(sql`delete from search_terms where term = ${FORMAT_TERM}`);
      await seedDemoContent(fresh);
      expect(await checkIndexFormat(fresh.db)).toBe('current');
    } finally {
      await fresh.close();
    }
  });

  it('seeds once: a second run adds nothing', async () => {
    const count = async () =>
      rowsOf<Record<string, number>>(
        await app.db.execute(sql`select (select count(*) from courses)::int as courses,
          (select count(*) from course_sections)::int as sections, (select count(*) from quizzes)::int as quizzes,
          (select count(*) from certificates)::int as certificates, (select count(*) from qa_questions)::int as questions`),
      )[0];
    const before = await count();
    await seedDemoContent(app);
    expect(await count()).toEqual(before);
  });
});
