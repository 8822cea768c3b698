import type { SearchDemand } from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { recordEvent } from '../analytics/analytics.service.ts';
import { rankCourses } from './engine/search.engine.ts';
import { parseQuery } from './engine/search.query.ts';
import { tuningWith } from './engine/search.tuning.ts';
import { rollupSearch } from './search.demand.ts';
import { searchGroup } from './search.service.ts';

/**
 * Search learns from learners (issue #33), through the real app and database: every AI search
 * recorded (query, result count, the result opened, the enrolment after it), the search-demand
 * report (groups by meaning, small groups hidden, category, range, CSV, who may read it), and the
 * click signal (per unique learner, a few accounts move nothing, many learners do, none: unchanged).
 */
describe('search demand and the click signal', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator' });
  const otherEducator = await createUser(app, { role: 'educator' });
  const learner = await createUser(app, { role: 'student' });
  const cookies = {
    educator: await loginCookie(app, educator),
    other: await loginCookie(app, otherEducator),
    learner: await loginCookie(app, learner),
  };
  const ids: Record<string, string> = {};

  const search = async (cookie: string, input: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/ai/search',
      headers: { cookie, ...headers },
      payload: { input },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { _id: string }[]).map((c) => c._id);
  };
  const newLearners = async (n: number) =>
    Promise.all(
      Array.from({ length: n }, async () => {
        const user = await createUser(app, { role: 'student' });
        return { user, cookie: await loginCookie(app, user) };
      }),
    );
  const demand = async (query = '', cookie = cookies.other) => {
    const res = await app.inject({ method: 'GET', url: `/api/analytics/search-demand${query}`, headers: { cookie } });
    return res;
  };
  const groups = async (query = '') => {
    const res = await demand(query);
    expect(res.statusCode).toBe(200);
    return (res.json() as SearchDemand).groups;
  };
  const logOf = async () =>
    (
      await app.db.execute(
        sql`select variant, results, shown::text[] as shown, opened::text[] as opened, enrolled::text[] as enrolled, key
            from analytics_search_log order by event_id`,
      )
    ).rows as {
      variant: string;
      results: number;
      shown: string[];
      opened: string[];
      enrolled: string[];
      key: string;
    }[];

  beforeAll(async () => {
    const add = async (key: string, fields: Parameters<typeof createCourse>[2]) => {
      ids[key] = (await createCourse(app, educator.id, fields)).id;
    };
    await add('dsPython', {
      title: 'Data Science with Python',
      subTitle: 'Pandas, plots and your first models',
      category: 'Data Science',
    });
    await add('dsR', { title: 'Data Science in R', subTitle: 'Statistics and tidy data', category: 'Data Science' });
    await add('dsSql', {
      title: 'SQL for Data Science',
      subTitle: 'Queries for analysts and data scientists',
      category: 'Data Science',
    });
    await add('react', { title: 'React for the Web', subTitle: 'Components and hooks', category: 'Web Development' });
  });

  it('records every search: query, results and what was shown (nothing with DNT or GPC)', async () => {
    const shown = await search(cookies.learner, 'Data   Science with PYTHON');
    expect(shown[0]).toBe(ids.dsPython);
    await search(cookies.learner, 'data science with python', { dnt: '1' });
    await search(cookies.learner, 'data science with python', { 'sec-gpc': '1' });
    await app.searchLearn();
    const log = await logOf();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      variant: 'data science with python',
      results: shown.length,
      opened: [],
      enrolled: [],
    });
    expect(log[0]?.shown).toEqual(shown.slice(0, 10));
    const events = (await app.db.execute(sql`select learner, payload from analytics_events where type = 'search'`))
      .rows as { learner: string; payload: { query: string; results: number } }[];
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).toMatchObject({ query: 'Data   Science with PYTHON', results: shown.length });
    // A pseudonym, not the user's id.
    expect(events[0]?.learner).not.toContain(learner.id);
  });

  it('attributes an opened result to the search and an enrolment after it', async () => {
    const [first, second] = await search(cookies.learner, 'sql for data science');
    expect(first).toBe(ids.dsSql);
    const as = { recorder: app.analytics };
    // An open of a course the search did not show counts for nothing.
    await recordEvent({ type: 'search_open', courseId: ids.react, position: 1, userId: learner.id }, as);
    await recordEvent({ type: 'search_open', courseId: second, position: 2, userId: learner.id }, as);
    await recordEvent({ type: 'enrolment', courseId: second, userId: learner.id }, as);
    // Someone else's enrolment is not this learner's.
    await recordEvent({ type: 'enrolment', courseId: first, userId: otherEducator.id }, as);
    await app.searchLearn();
    await app.searchLearn(); // a second run re-reads the same events: nothing changes
    const row = (await logOf()).find((r) => r.variant === 'sql for data science');
    expect(row?.opened).toEqual([second]);
    expect(row?.enrolled).toEqual([second]);
    const clicks = (
      await app.db.execute(sql`select course_id, shown, clicked, enrolled from analytics_search_clicks where key = ${row?.key}
        order by shown`)
    ).rows as { course_id: string; shown: number; clicked: boolean; enrolled: boolean }[];
    expect(clicks.filter((c) => c.clicked).map((c) => [c.course_id, c.shown, c.enrolled])).toEqual([[second, 2, true]]);
  });

  it('groups what learners did not find by meaning and hides groups of fewer than 5 learners', async () => {
    const five = await newLearners(5);
    const typed = [
      'how to bake sourdough bread',
      'how to bake sourdough bread',
      'How to bake SOURDOUGH bread',
      'sourdough bread baking',
      'sourdough   bread baking',
    ];
    for (const [i, { cookie }] of five.entries()) expect(await search(cookie, typed[i] as string)).toEqual([]);
    await search(five[0]?.cookie as string, 'how to bake sourdough bread'); // searches count, learners once
    const four = await newLearners(4);
    for (const { cookie } of four) await search(cookie, 'underwater welding course');
    await app.searchLearn();
    const found = await groups();
    const sourdough = found.find((g) => g.query.includes('sourdough'));
    expect(sourdough).toEqual({
      query: 'how to bake sourdough bread',
      variants: ['sourdough bread baking'],
      searches: 6,
      learners: 5,
      results: 0,
    });
    expect(found.some((g) => g.query.includes('weld'))).toBe(false);
    // The fifth learner makes the group visible.
    const [fifth] = await newLearners(1);
    await search(fifth?.cookie as string, 'welding underwater');
    await app.searchLearn();
    const welding = (await groups()).find((g) => g.query.includes('weld'));
    expect(welding).toMatchObject({ learners: 5, searches: 5, results: 0, query: 'underwater welding course' });
    // A form typed by one learner only is not shown.
    expect(welding?.variants).toEqual([]);
  });

  it('counts searches with results none of which was opened, by their category; opened ones are not missing', async () => {
    const learners = await newLearners(6);
    const [opener, ...others] = learners;
    for (const { cookie } of others) expect((await search(cookie, 'data science in r')).length).toBeGreaterThan(0);
    const shown = await search(opener?.cookie as string, 'data science in r');
    await recordEvent(
      { type: 'search_open', courseId: shown[0], position: 1, userId: opener?.user.id },
      { recorder: app.analytics },
    );
    await app.searchLearn();
    const g = (await groups('?category=Data%20Science')).find((x) => x.query === 'data science in r');
    // The learner who opened a result from their search is not missing anything.
    expect(g).toMatchObject({ learners: 5, searches: 5 });
    expect(g?.results).toBeGreaterThan(0);
    const inData = await groups('?category=Data%20Science');
    expect(inData.some((x) => x.query.includes('sourdough'))).toBe(false);
    expect((await groups('?category=Web%20Development')).some((x) => x.query === 'data science in r')).toBe(false);
    // Outside the range: nothing.
    expect(await groups('?from=2024-01-01&to=2024-01-31')).toEqual([]);
  });

  it('answers CSV with formulas defused', async () => {
    const five = await newLearners(5);
    for (const { cookie } of five) await search(cookie, '=HYPERLINK("x") quantum knitting');
    await app.searchLearn();
    const res = await demand('?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="search-demand-\d{4}-\d{2}-\d{2}-/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('query,variants,searches,learners,results');
    expect(lines).toContain(`"'=hyperlink(""x"") quantum knitting",,5,5,0`);
    expect(lines).toContain('how to bake sourdough bread,sourdough bread baking,6,5,0');
  });

  it('is for every educator, not learners or visitors; bad input is 400', async () => {
    expect((await demand('', cookies.educator)).statusCode).toBe(200);
    expect((await demand('', cookies.learner)).statusCode).toBe(403);
    const visitor = await app.inject({ method: 'GET', url: '/api/analytics/search-demand' });
    expect(visitor.statusCode).toBe(401);
    for (const bad of [
      '?category=Cooking',
      '?from=2026-02-30',
      '?from=2025-03-01&to=2025-02-01',
      '?to=2999-01-01',
      '?from=2020-01-01&to=2025-01-01',
      '?format=xml',
    ]) {
      const res = await demand(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBeTruthy();
    }
  });

  describe('the click signal', () => {
    const query = 'data science';
    const key = searchGroup(query)?.key as string;
    const order = async (clickWeight?: number) =>
      (
        await rankCourses(app.db, parseQuery(query), {
          clickKey: key,
          tuning: clickWeight === undefined ? undefined : tuningWith({ clickWeight }),
        })
      ).map((r) => r.id);
    const opensOf = async (n: number, course: () => string, times = 1) => {
      for (const { user, cookie } of await newLearners(n)) {
        await search(cookie, query);
        for (let i = 0; i < times; i++)
          await recordEvent({ type: 'search_open', courseId: course(), userId: user.id }, { recorder: app.analytics });
      }
      await app.searchLearn();
    };
    let before: string[] = [];

    it('changes nothing without clicks', async () => {
      await app.db.execute(sql`delete from search_click_signal`);
      before = await order();
      expect(before.length).toBeGreaterThanOrEqual(3);
      expect(await order(0)).toEqual(before);
      expect(await search(cookies.learner, query)).toEqual(before);
    });

    it('counts a learner once however often they open a result, and a few accounts move nothing', async () => {
      const last = () => before[before.length - 1] as string;
      await opensOf(4, last, 25);
      const rows = (
        await app.db.execute(
          sql`select count(*)::int as n from analytics_search_clicks where key = ${key} and course_id = ${last()} and clicked`,
        )
      ).rows as { n: number }[];
      expect(rows[0]?.n).toBe(4);
      expect((await app.db.execute(sql`select * from search_click_signal where key = ${key}`)).rows).toEqual([]);
      expect(await order()).toEqual(before);
    });

    it('moves a course many learners open, by at most the blend’s weight', async () => {
      const last = before[before.length - 1] as string;
      await opensOf(40, () => last);
      const [signal] = (
        await app.db.execute(
          sql`select score, learners, clickers from search_click_signal where key = ${key} and course_id = ${last}`,
        )
      ).rows as { score: number; learners: number; clickers: number }[];
      expect(signal?.clickers).toBe(44);
      expect(signal?.score).toBeGreaterThan(0);
      const after = await order();
      expect(after.indexOf(last)).toBeLessThan(before.indexOf(last));
      // Never more than clickWeight / (1 / (2 × maxResults)) = 4 ranks up, nothing added or dropped.
      expect(before.indexOf(last) - after.indexOf(last)).toBeLessThanOrEqual(4);
      expect([...after].sort()).toEqual([...before].sort());
      // Another group (other words) is not moved by these clicks.
      expect(searchGroup('data science with python')?.key).not.toBe(key);
    });

    it('rolls up incrementally (the state trails one run) and idempotently', async () => {
      const count = async () =>
        ((await app.db.execute(sql`select count(*)::int as n from analytics_search_log`)).rows[0] as { n: number }).n;
      const n = await count();
      await rollupSearch(app.db);
      await rollupSearch(app.db);
      expect(await count()).toBe(n);
    });
  });
});
