import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsEvents, analyticsLectureViewers, lectures, quizzes, users } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { indiaDay, learnerPseudonym } from './analytics.privacy.ts';
import { AnalyticsRecorder, type EventRow } from './analytics.recorder.ts';
import { rollup } from './analytics.rollup.ts';
import { sweepAnalytics } from './analytics.service.ts';
import { clearAnalytics } from './test-helpers.ts';

type Row = Omit<EventRow, 'at'> & { at: Date };

describe('analytics', async () => {
  const app = await buildTestApp({ ANALYTICS_SECRET: 'a-test-secret-of-at-least-32-characters!' });
  const educator = await createUser(app, { role: 'educator' });
  const other = await createUser(app, { role: 'educator' });
  const learner = await createUser(app);
  const admin = await createUser(app);
  await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  const cookies = {
    educator: await loginCookie(app, educator),
    other: await loginCookie(app, other),
    learner: await loginCookie(app, learner),
    admin: await loginCookie(app, admin),
  };
  const course = await createCourse(app, educator.id, {
    title: 'Analytics A',
    lectures: [{ lectureTitle: 'L1' }, { lectureTitle: 'L2' }],
  });
  const course2 = await createCourse(app, educator.id, { title: 'Analytics B', lectures: [{ lectureTitle: 'M1' }] });
  const othersCourse = await createCourse(app, other.id, { title: 'Someone else', lectures: [{ lectureTitle: 'X' }] });
  const free = await createCourse(app, other.id, { title: 'Free one', price: 0 });
  const lecture = course.lectures[0]!;

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/events', payload: body as object, headers });
  const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const stored = async () => {
    await app.analytics.flush();
    return app.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);
  };
  const clear = () => clearAnalytics(app);
  const insert = async (rows: Row[]) => {
    for (let i = 0; i < rows.length; i += 500) await app.db.insert(analyticsEvents).values(rows.slice(i, i + 500));
  };

  describe('POST /api/events', () => {
    const view = { type: 'course_view', courseId: course.id };

    it('answers 202 at once and writes the events in a batch, signed in or not', async () => {
      await clear();
      const res = await post({ events: [view, { ...view, referrer: 'https://www.Google.com/search?q=x' }] });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ accepted: 2 });
      const res2 = await post(
        { events: [{ type: 'heartbeat', lectureId: lecture.id, position: 30, duration: 15, rendition: '720p' }] },
        { cookie: cookies.learner },
      );
      expect(res2.statusCode).toBe(202);
      const rows = await stored();
      expect(rows).toHaveLength(3);
      expect(rows[1]).toMatchObject({ type: 'course_view', referrerHost: 'google.com', learner: null });
      expect(rows[2]).toMatchObject({
        type: 'heartbeat',
        lectureId: lecture.id,
        position: 30,
        duration: 15,
        rendition: '720p',
        learner: learnerPseudonym('a-test-secret-of-at-least-32-characters!', learner.id),
      });
    });

    it('stores no IP address, user id or user agent: a visitor hash and a learner pseudonym stand in', async () => {
      await clear();
      await post(
        { events: [view] },
        { cookie: cookies.learner, 'user-agent': 'Mozilla/5.0 Test', 'x-forwarded-for': '203.0.113.9' },
      );
      const [row] = await stored();
      const text = JSON.stringify(row);
      for (const secret of ['127.0.0.1', '203.0.113.9', learner.id, 'Mozilla', learner.email])
        expect(text).not.toContain(secret);
      expect(row?.visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(row?.learner).toMatch(/^[A-Za-z0-9_-]{22}$/);
    });

    it('refuses malformed events with 400 naming the field', async () => {
      const bad: [unknown, string][] = [
        [{ events: [{ type: 'bogus', courseId: course.id }] }, 'events.0.type'],
        [{ events: [{ type: 'course_view' }] }, 'events.0.courseId'],
        [{ events: [{ type: 'heartbeat', lectureId: lecture.id }] }, 'events.0.position'],
        [{ events: [{ type: 'lecture_play' }] }, 'events.0.lectureId'],
        [{ events: [{ type: 'course_view', courseId: 'nope' }] }, 'events.0.courseId'],
        [{ events: [{ type: 'heartbeat', lectureId: lecture.id, position: -1 }] }, 'events.0.position'],
        [{ events: [{ ...view, utmSource: 'a\u0000b' }] }, 'events.0.utmSource'],
        [{ events: [] }, 'events'],
        [{ events: 'x' }, 'events'],
        [{}, 'events'],
      ];
      for (const [body, field] of bad) {
        const res = await post(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
      }
      // Any id the database holds is an id, with or without an RFC 4122 version (imported, seeded).
      const unversioned = { type: 'course_view', courseId: '239b8b41-4eb5-a88b-4c0c-2629dbf051f4' };
      expect((await post({ events: [unversioned] })).statusCode).toBe(202);
    });

    it('takes at most 50 events per request (400 beyond) and refuses an oversize body (413)', async () => {
      await clear();
      const fifty = Array.from({ length: 50 }, () => view);
      expect((await post({ events: fifty })).statusCode).toBe(202);
      const over = await post({ events: [...fifty, view] });
      expect(over.statusCode).toBe(400);
      expect(over.json().fields.events).toBe('At most 50 events per request');
      const huge = await post({ events: [view], padding: 'x'.repeat(300 * 1024) });
      expect(huge.statusCode).toBe(413);
      expect(await stored()).toHaveLength(50);
    });

    it("reads sendBeacon's text/plain body as JSON, and refuses one that is not JSON", async () => {
      await clear();
      const ok = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ events: [view] }),
      });
      expect(ok.statusCode).toBe(202);
      const bad = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': 'text/plain' },
        payload: '{not json',
      });
      expect(bad.statusCode).toBe(400);
      expect(await stored()).toHaveLength(1);
    });

    it('records nothing for Do Not Track or Global Privacy Control', async () => {
      await clear();
      for (const headers of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Record<string, string>[]) {
        const res = await post({ events: [view, view] }, { ...headers, cookie: cookies.learner });
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ accepted: 0 });
      }
      expect(await stored()).toHaveLength(0);
      // DNT: 0 is no opt-out.
      await post({ events: [view] }, { dnt: '0' });
      expect(await stored()).toHaveLength(1);
    });

    it('gives a visitor the same hash all day and another the next day (India days)', async () => {
      const clock = app.analytics.now;
      try {
        const hashAt = async (iso: string, ua = 'UA one') => {
          await clear();
          app.analytics.now = () => new Date(iso);
          await post({ events: [view] }, { 'user-agent': ua });
          return (await stored())[0]?.visitor;
        };
        const morning = await hashAt('2026-11-20T01:00:00Z');
        expect(await hashAt('2026-11-20T18:29:59Z')).toBe(morning); // 23:59:59 in India
        expect(await hashAt('2026-11-20T18:30:00Z')).not.toBe(morning); // midnight in India
        expect(await hashAt('2026-11-21T10:00:00Z')).not.toBe(morning);
        expect(await hashAt('2026-11-20T02:00:00Z', 'UA two')).not.toBe(morning);
      } finally {
        app.analytics.now = clock;
      }
    });

    it('drops events when the buffer is full rather than waiting, and counts them', async () => {
      const drops: number[] = [];
      const small = new AnalyticsRecorder(app.db, 'x'.repeat(32), {
        capacity: 2,
        batchSize: 100,
        ownHost: 'localhost',
        log: app.log,
      });
      small.onDrop = (_reason, n) => drops.push(n);
      const row = small.row({ type: 'course_view', courseId: course.id }, null) as EventRow;
      expect(small.push([row, row, row])).toBe(2);
      expect(small.push([row])).toBe(0);
      expect(small.dropped.bufferFull).toBe(2);
      expect(drops).toEqual([1, 1]);
      await clear();
      await small.flush();
      expect(await stored()).toHaveLength(2);
      // The app's own counter is registered with the metrics.
      expect(app.metrics.registry.getSingleMetric('kaksha_analytics_events_dropped_total')).toBeDefined();
    });
  });

  describe('server-recorded events', () => {
    it('records an enrolment in the learner’s name, and nothing for a request with DNT or GPC', async () => {
      await clear();
      const enrol = (cookie: string, headers: Record<string, string> = {}) =>
        app.inject({
          method: 'POST',
          url: '/api/payment/create-order',
          headers: { cookie, ...headers },
          payload: { courseId: free.id },
        });
      const a = await createUser(app);
      const res = await enrol(await loginCookie(app, a));
      expect(res.statusCode).toBe(200);
      expect(res.json().enrolled).toBe(true);
      const rows = await stored();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ type: 'enrolment', courseId: free.id });
      expect(rows[0]?.learner).toBe(learnerPseudonym('a-test-secret-of-at-least-32-characters!', a.id));
      expect(rows[0]?.visitor).not.toBeNull();

      for (const headers of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Record<string, string>[]) {
        const b = await createUser(app);
        const r = await enrol(await loginCookie(app, b), headers);
        expect(r.json().enrolled).toBe(true);
      }
      expect(await stored()).toHaveLength(1);
    });
  });

  describe('reports', () => {
    const urls = {
      overview: '/api/analytics/overview',
      course: `/api/analytics/course/${course.id}`,
      lecture: `/api/analytics/lecture/${lecture.id}`,
    };

    it('answers the course’s educator and admins only (auth matrix)', async () => {
      const expected: Record<string, Record<keyof typeof urls, number>> = {
        none: { overview: 401, course: 401, lecture: 401 },
        learner: { overview: 403, course: 403, lecture: 403 },
        educator: { overview: 200, course: 200, lecture: 200 },
        other: { overview: 200, course: 403, lecture: 403 },
        admin: { overview: 200, course: 200, lecture: 200 },
      };
      for (const [who, byUrl] of Object.entries(expected)) {
        const cookie = who === 'none' ? undefined : cookies[who as keyof typeof cookies];
        for (const [name, status] of Object.entries(byUrl)) {
          const res = await get(urls[name as keyof typeof urls], cookie);
          expect(res.statusCode, `${who} ${name}`).toBe(status);
          expect(res.headers['content-type'], `${who} ${name}`).toContain('application/json');
        }
      }
      for (const url of [
        '/api/analytics/course/6f1b6a3e-1c9a-4f6e-9a59-0c3b2b1f0f00',
        '/api/analytics/course/abc',
        '/api/analytics/lecture/6f1b6a3e-1c9a-4f6e-9a59-0c3b2b1f0f00',
        '/api/analytics/lecture/abc',
      ])
        expect((await get(url, cookies.educator)).statusCode, url).toBe(404);
    });

    it('refuses bad dates and ranges with 400 naming the parameter', async () => {
      const cases: [string, string][] = [
        ['from=2026-02-30', 'from'],
        ['from=2026-1-1', 'from'],
        ['to=yesterday', 'to'],
        ['from=2026-11-10&to=2026-11-01', 'from'],
        ['from=2024-01-01&to=2026-01-01', 'from'],
        ['to=2099-01-01', 'to'],
        ['format=xml', 'format'],
      ];
      for (const [query, field] of cases) {
        for (const url of [urls.overview, urls.course]) {
          const res = await get(`${url}?${query}`, cookies.educator);
          expect(res.statusCode, `${url}?${query}`).toBe(400);
          expect(res.json().fields, `${url}?${query}`).toHaveProperty(field);
        }
      }
      expect((await get(`${urls.lecture}?format=pdf`, cookies.educator)).statusCode).toBe(400);
    });

    it('sums a generated month, written in parts out of order, exactly as the raw events count', async () => {
      await clear();
      // A month of events on two courses of the educator, one of someone else, a course that does
      // not exist, and heartbeats that name only their lecture; some on each side of India's midnight.
      let seed = 42;
      const rand = () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)] as T;
      const courseIds = [course.id, course2.id, othersCourse.id, '6f1b6a3e-1c9a-4f6e-9a59-0c3b2b1f0f00'];
      const lectureOf: Record<string, string> = {
        [course.id]: lecture.id,
        [course2.id]: course2.lectures[0]!.id,
        [othersCourse.id]: othersCourse.lectures[0]!.id,
      };
      const types = ['course_view', 'checkout_open', 'enrolment', 'purchase', 'refund', 'heartbeat', 'lecture_play'];
      const rows: Row[] = [];
      const start = Date.parse('2026-09-30T18:30:00Z'); // 2026-10-01 00:00 in India
      for (let i = 0; i < 3000; i++) {
        const courseId = pick(courseIds);
        const type = pick([...types, 'course_view', 'course_view', 'certificate_claim']);
        const at = new Date(start + Math.floor(rand() * 31 * 86_400_000));
        const visitor = `v${Math.floor(rand() * 15)}`;
        const learnerId = `l${Math.floor(rand() * 10)}`;
        const row: Row = { at, type, visitor, learner: rand() < 0.3 ? null : learnerId, courseId };
        if (type === 'course_view') {
          row.utmSource = rand() < 0.2 ? 'newsletter' : null;
          row.referrerHost = rand() < 0.4 ? pick(['google.com', 'youtube.com']) : null;
        }
        if (type === 'purchase' || type === 'refund') row.amount = pick([49_900, 99_900, 129_950]);
        if (type === 'heartbeat' || type === 'lecture_play') {
          row.lectureId = lectureOf[courseId] ?? null;
          if (row.lectureId && rand() < 0.5) row.courseId = null;
          row.position = Math.floor(rand() * 600);
          row.duration = type === 'heartbeat' ? pick([15, 15, 10, null]) : null;
        }
        rows.push(row);
      }
      // Edges of a day: the last second of 2026-10-05 and the first of 2026-10-06 (India).
      rows.push({ at: new Date('2026-10-05T18:29:59Z'), type: 'course_view', visitor: 'edge', courseId: course.id });
      rows.push({ at: new Date('2026-10-05T18:30:00Z'), type: 'course_view', visitor: 'edge', courseId: course.id });
      // Written in four parts in an order unlike their times, a rollup after each: a view may come
      // after its enrolment, a sign-in after the views it links; each run adds what arrived.
      const written = [...rows];
      for (let i = written.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [written[i], written[j]] = [written[j] as Row, written[i] as Row];
      }
      for (let part = 0; part < 4; part++) {
        await insert(written.slice((part * written.length) / 4, ((part + 1) * written.length) / 4));
        await app.analyticsRollup();
      }

      const courseOf = (r: Row) => {
        if (r.lectureId) return Object.entries(lectureOf).find(([, l]) => l === r.lectureId)?.[0];
        return r.courseId ?? undefined;
      };
      const expectFor = (ids: string[]) => {
        const byDay = new Map<string, Row[]>();
        for (const r of rows) {
          const c = courseOf(r);
          if (!c || !ids.includes(c)) continue;
          const day = indiaDay(r.at);
          byDay.set(day, [...(byDay.get(day) ?? []), r]);
        }
        const distinctPerCourse = (list: Row[], key: 'visitor' | 'learner', ok: (r: Row) => boolean) => {
          const seen = new Set(list.filter((r) => ok(r) && r[key]).map((r) => `${courseOf(r)}|${r[key]}`));
          return seen.size;
        };
        const days = [];
        for (let d = 1; d <= 31; d++) {
          const date = `2026-10-${String(d).padStart(2, '0')}`;
          const list = byDay.get(date) ?? [];
          const count = (t: string) => list.filter((r) => r.type === t).length;
          const sum = (t: string) => list.filter((r) => r.type === t).reduce((s, r) => s + (r.amount ?? 0), 0);
          const seconds = list.filter((r) => r.type === 'heartbeat').reduce((s, r) => s + (r.duration ?? 15), 0);
          const learning = ['lecture_play', 'heartbeat', 'quiz_attempt', 'certificate_claim'];
          days.push({
            date,
            pageViews: count('course_view'),
            uniqueVisitors: distinctPerCourse(list, 'visitor', (r) => r.type === 'course_view'),
            checkouts: count('checkout_open'),
            enrolments: count('enrolment'),
            revenue: sum('purchase') / 100,
            refunds: sum('refund') / 100,
            minutesWatched: Math.round((seconds / 60) * 10) / 10,
            activeLearners: distinctPerCourse(list, 'learner', (r) => learning.includes(r.type)),
            completions: count('certificate_claim'),
          });
        }
        return days;
      };

      const check = async (url: string, cookie: string, ids: string[]) => {
        const res = await get(`${url}?from=2026-10-01&to=2026-10-31`, cookie);
        expect(res.statusCode).toBe(200);
        const report = res.json();
        const want = expectFor(ids);
        expect(report.days.map(({ conversion: _, ...d }: Record<string, unknown>) => d)).toEqual(want);
        const total = (k: string) => want.reduce((s, d) => s + (d[k as keyof (typeof want)[number]] as number), 0);
        expect(report.totals.pageViews).toBe(total('pageViews'));
        expect(report.totals.enrolments).toBe(total('enrolments'));
        expect(report.totals.revenue).toBeCloseTo(total('revenue'), 2);
        expect(report.totals.uniqueVisitors).toBe(total('uniqueVisitors'));
        expect(report.totals.conversion).toBeCloseTo(total('enrolments') / total('uniqueVisitors'), 4);
        return report;
      };
      await check(`/api/analytics/course/${course.id}`, cookies.educator, [course.id]);
      await check('/api/analytics/overview', cookies.educator, [course.id, course2.id]);
      await check('/api/analytics/overview', cookies.admin, [course.id, course2.id, othersCourse.id]);
      const day5 = (
        await get(`/api/analytics/course/${course.id}?from=2026-10-05&to=2026-10-06`, cookies.educator)
      ).json();
      expect(day5.days).toHaveLength(2);

      // Sources: views by utm_source, else referrer host, else (direct); an enrolment by the first
      // view of the course that day by its learner, or by nobody signed in under its own visitor or
      // any visitor its learner was signed in under that day (a view, a checkout or an enrolment of
      // any real course).
      const report = (
        await get(`/api/analytics/course/${course.id}?from=2026-10-01&to=2026-10-31`, cookies.educator)
      ).json();
      const views = new Map<string, number>();
      const enrols = new Map<string, number>();
      const mine = rows.filter((r) => r.courseId === course.id && !r.lectureId);
      const sourceOf = (r: Row) => r.utmSource ?? r.referrerHost ?? '(direct)';
      for (const r of mine.filter((x) => x.type === 'course_view'))
        views.set(sourceOf(r), (views.get(sourceOf(r)) ?? 0) + 1);
      const linking = new Set(['course_view', 'checkout_open', 'enrolment']);
      const realCourses = [course.id, course2.id, othersCourse.id];
      for (const r of mine.filter((x) => x.type === 'enrolment')) {
        const day = indiaDay(r.at);
        const visitors = new Set(
          rows
            .filter((x) => linking.has(x.type) && realCourses.includes(x.courseId ?? '') && indiaDay(x.at) === day)
            .filter((x) => x.visitor && (x === r || (r.learner && x.learner === r.learner)))
            .map((x) => x.visitor),
        );
        const theirs = (v: Row) => (v.learner ? v.learner === r.learner : visitors.has(v.visitor));
        const first = mine
          .filter((v) => v.type === 'course_view' && theirs(v) && indiaDay(v.at) === day)
          .sort((a, b) => a.at.getTime() - b.at.getTime())[0];
        const source = first ? sourceOf(first) : '(direct)';
        enrols.set(source, (enrols.get(source) ?? 0) + 1);
      }
      const sources = [...new Set([...views.keys(), ...enrols.keys()])].map((source) => ({
        source,
        pageViews: views.get(source) ?? 0,
        enrolments: enrols.get(source) ?? 0,
      }));
      expect(new Set(report.sources.map((s: object) => JSON.stringify(s)))).toEqual(
        new Set(sources.map((s) => JSON.stringify(s))),
      );

      // CSV: a line per day and the totals.
      const csv = await get(
        `/api/analytics/course/${course.id}?from=2026-10-01&to=2026-10-31&format=csv`,
        cookies.educator,
      );
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        'date,pageViews,uniqueVisitors,checkouts,enrolments,conversion,revenue,refunds,minutesWatched,activeLearners,completions',
      );
      expect(lines).toHaveLength(33);
      expect(lines[32]?.startsWith(`total,${report.totals.pageViews},`)).toBe(true);

      // A second rollup without new events changes nothing.
      await app.analyticsRollup();
      expect(
        (await get(`/api/analytics/course/${course.id}?from=2026-10-01&to=2026-10-31`, cookies.educator)).json(),
      ).toEqual(report);
    });

    it('counts a batch committed after a run under lower ids once, and stops looking for ids never written', async () => {
      await clear();
      // Ids are taken before a batch commits: a later batch may commit first.
      const base = Number(
        ((await app.db.execute(sql`select nextval('analytics_events_id_seq') as id`)).rows[0] as { id: string }).id,
      );
      await app.db.execute(
        sql`insert into analytics_rollup_state (id, before_id, last_id) values (1, ${base}, ${base})`,
      );
      const views = (ids: number[]) =>
        app.db
          .insert(analyticsEvents)
          .values(
            ids.map((id) => ({ id, at: new Date(), type: 'course_view', visitor: `p${id}`, courseId: course2.id })),
          );
      const counted = async () => {
        const rows = (await app.db.execute(sql`select sum(page_views)::int as n from analytics_course_daily`)).rows;
        return (rows[0] as { n: number | null }).n ?? 0;
      };
      const pending = async () =>
        ((await app.db.execute(sql`select pending from analytics_rollup_state`)).rows[0] as { pending: unknown })
          .pending;
      let clock = Date.now();
      const run = () => rollup(app.db, () => clock);

      await views([base + 10, base + 11]);
      await run();
      expect(await counted()).toBe(2);
      expect(await pending()).toEqual([{ lo: base + 1, hi: base + 9, since: clock }]);
      const firstLooked = clock;

      // The earlier batch commits (and one in between is rolled back: its ids never appear).
      clock += 60_000;
      await views([base + 1, base + 2, base + 3, base + 4, base + 5]);
      await run();
      expect(await counted()).toBe(7);
      expect(await pending()).toEqual([{ lo: base + 6, hi: base + 9, since: firstLooked }]);
      await run();
      expect(await counted()).toBe(7);

      // Ten minutes after they were first looked for, ids still missing are given up.
      clock = firstLooked + 10 * 60_000 + 1;
      await run();
      expect(await pending()).toEqual([]);
      expect(await counted()).toBe(7);
      await app.db.execute(sql`select setval('analytics_events_id_seq', ${base + 11})`);
    });

    it("shows today's events after the next rollup", async () => {
      const today = indiaDay(new Date());
      const read = async () =>
        (await get(`/api/analytics/course/${course2.id}?from=${today}&to=${today}`, cookies.educator)).json().totals;
      const before = await read();
      await post({
        events: [
          { type: 'course_view', courseId: course2.id },
          { type: 'checkout_open', courseId: course2.id },
        ],
      });
      await app.analyticsRollup();
      const after = await read();
      expect(after.pageViews).toBe(before.pageViews + 1);
      expect(after.checkouts).toBe(before.checkouts + 1);
    });

    it("credits a webhook's enrolment to the learner's first view, also when one batch carried several", async () => {
      await clear();
      // Someone else signed in on the same network and browser (one visitor hash) saw it first.
      await post({ events: [{ type: 'course_view', courseId: course.id }] }, { cookie: cookies.admin });
      // A newsletter link, then the course again without the link's utm_*: both views leave in one
      // batch, stamped as they are read (the same millisecond or the next). The payment's webhook
      // enrols: no visitor of its own.
      await post(
        {
          events: [
            { type: 'course_view', courseId: course.id, utmSource: 'newsletter' },
            { type: 'course_view', courseId: course.id },
          ],
        },
        { cookie: cookies.learner },
      );
      const [others, first, second] = await stored();
      expect(first).toMatchObject({ utmSource: 'newsletter' });
      expect(second?.at.getTime()).toBeGreaterThanOrEqual(first?.at.getTime() ?? 0);
      expect(others?.visitor).toBe(first?.visitor);
      await insert([
        { at: new Date(), type: 'enrolment', visitor: null, learner: first?.learner, courseId: course.id },
      ]);
      await app.analyticsRollup();
      const today = indiaDay(new Date());
      const report = (
        await get(`/api/analytics/course/${course.id}?from=${today}&to=${today}`, cookies.educator)
      ).json();
      expect(report.sources).toEqual(
        expect.arrayContaining([
          { source: 'newsletter', pageViews: 1, enrolments: 1 },
          { source: '(direct)', pageViews: 2, enrolments: 0 },
        ]),
      );
    });

    it('reports quiz pass rates and the hardest questions', async () => {
      const question = (prompt: string) => ({ prompt, kind: 'single' as const, options: ['a', 'b'], correct: [0] });
      const [quiz] = await app.db
        .insert(quizzes)
        .values({
          courseId: course.id,
          title: 'Checkpoint',
          passPercent: 50,
          questions: [question('Q one'), question('Q two'), question('Q three'), question('Q four')],
        })
        .returning();
      const at = new Date('2026-10-10T06:00:00Z');
      const attempt = (passed: boolean, wrong: number[]): Row => ({
        at,
        type: 'quiz_attempt',
        courseId: course.id,
        learner: 'x',
        payload: { quizId: quiz!.id, passed, scorePercent: 0, wrong },
      });
      await insert([attempt(true, [1]), attempt(false, [1, 2, 3]), attempt(false, [1, 2]), attempt(true, [])]);
      await app.analyticsRollup();
      const report = (
        await get(`/api/analytics/course/${course.id}?from=2026-10-01&to=2026-10-31`, cookies.educator)
      ).json();
      expect(report.quizzes).toEqual([
        {
          quizId: quiz!.id,
          title: 'Checkpoint',
          courseId: course.id,
          attempts: 4,
          passRate: 0.5,
          hardest: [
            { question: 2, prompt: 'Q two', wrongShare: 0.75 },
            { question: 3, prompt: 'Q three', wrongShare: 0.5 },
            { question: 4, prompt: 'Q four', wrongShare: 0.25 },
          ],
        },
      ]);
      // Someone else's course's quizzes are not in this educator's overview.
      const overview = (await get('/api/analytics/overview?from=2026-10-01&to=2026-10-31', cookies.other)).json();
      expect(overview.quizzes).toEqual([]);
    });

    it('draws the retention curve of a synthetic set of heartbeats exactly', async () => {
      const target = course.lectures[1]!;
      await app.db.update(lectures).set({ durationSeconds: 100 }).where(eq(lectures.id, target.id));
      let t = Date.parse('2026-11-01T05:00:00Z');
      const beats = (viewer: { learner?: string; visitor?: string }, path: [number, number][]): Row[] =>
        path.map(([position, duration], i) => ({
          at: new Date(t + i * 15_000),
          type: 'heartbeat',
          lectureId: target.id,
          learner: viewer.learner ?? null,
          visitor: viewer.visitor ?? 'some-visitor',
          position,
          duration,
        }));
      await insert([
        // A watches to the end.
        ...beats({ learner: 'A' }, [
          [15, 15],
          [30, 15],
          [45, 15],
          [60, 15],
          [75, 15],
          [90, 15],
          [100, 10],
        ]),
        // B stops at half.
        ...beats({ learner: 'B' }, [
          [15, 15],
          [30, 15],
          [45, 15],
          [50, 5],
        ]),
        // C goes back from 20 s to 5 s (the parts from 5 % to 20 %), then on to 30 s.
        ...beats({ learner: 'C' }, [
          [15, 15],
          [20, 5],
          [5, 5],
          [20, 15],
          [30, 10],
        ]),
        // D, a visitor who is not signed in, leaves at 10 s.
        ...beats({ visitor: 'D' }, [[10, 10]]),
      ]);
      await app.analyticsRollup();
      const curve = async () => {
        const res = await get(`/api/analytics/lecture/${target.id}`, cookies.educator);
        expect(res.statusCode).toBe(200);
        return res.json();
      };
      const shares = (list: { at: number; share: number }[]) => Object.fromEntries(list.map((p) => [p.at, p.share]));
      const first = await curve();
      expect(first).toMatchObject({ lectureId: target.id, durationSeconds: 100, viewers: 4, medianWatchSeconds: 50 });
      const expected: Record<number, number> = {};
      for (let at = 0; at <= 100; at += 5) expected[at] = at <= 10 ? 1 : at <= 30 ? 0.75 : at <= 50 ? 0.5 : 0.25;
      expect(shares(first.retention)).toEqual(expected);
      const rewatched: Record<number, number> = {};
      for (let at = 0; at <= 95; at += 5) rewatched[at] = at >= 5 && at <= 15 ? 0.25 : 0;
      expect(shares(first.rewatched)).toEqual(rewatched);

      // B comes back the next day and watches on to 65 s: their row is recomputed from all their heartbeats.
      t = Date.parse('2026-11-02T05:00:00Z');
      await insert(
        beats({ learner: 'B' }, [
          [60, 10],
          [65, 5],
        ]),
      );
      await app.analyticsRollup();
      const second = await curve();
      expect(second.viewers).toBe(4);
      for (let at = 55; at <= 65; at += 5) expected[at] = 0.5;
      expect(shares(second.retention)).toEqual(expected);
      const [b] = await app.db
        .select()
        .from(analyticsLectureViewers)
        .where(and(eq(analyticsLectureViewers.lectureId, target.id), eq(analyticsLectureViewers.viewer, 'B')));
      expect(b).toMatchObject({ furthest: 65, watched: 65, rewatched: 0 });

      const csv = await get(`/api/analytics/lecture/${target.id}?format=csv`, cookies.educator);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe('at,retention,rewatched');
      expect(lines[1]).toBe('0,1,0');
      expect(lines[3]).toBe('10,1,0.25');
      expect(lines[21]).toBe('100,0.25,');
    });

    it('measures a lecture without a known length by the furthest anyone watched, in earlier runs too', async () => {
      const target = course2.lectures[0]!;
      await app.db.update(lectures).set({ durationSeconds: null }).where(eq(lectures.id, target.id));
      const at = (s: number) => new Date(Date.parse('2026-11-03T05:00:00Z') + s * 1000);
      const beat = (learner: string, s: number, position: number): Row => ({
        at: at(s),
        type: 'heartbeat',
        lectureId: target.id,
        learner,
        position,
        duration: 15,
      });
      // X watches to 80 s; the next run, Y goes back from 40 s to 20 s: the parts of 80 s from 25 % to 45 %.
      await insert([beat('X', 0, 20), beat('X', 15, 40), beat('X', 30, 60), beat('X', 45, 80)]);
      await app.analyticsRollup();
      await insert([beat('Y', 60, 20), beat('Y', 75, 40), beat('Y', 90, 20)]);
      await app.analyticsRollup();
      const [y] = await app.db
        .select()
        .from(analyticsLectureViewers)
        .where(and(eq(analyticsLectureViewers.lectureId, target.id), eq(analyticsLectureViewers.viewer, 'Y')));
      const parts = Array.from({ length: 20 }, (_, k) => k).filter((k) => (y?.rewatched ?? 0) & (1 << k));
      expect(parts).toEqual([5, 6, 7, 8, 9]);
    });
  });

  it('sweeps raw events and lecture viewers older than ANALYTICS_RETENTION_DAYS', async () => {
    await clear();
    const now = new Date('2026-11-27T12:00:00Z');
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    await insert([
      { at: daysAgo(401), type: 'course_view', courseId: course.id },
      { at: daysAgo(400.5), type: 'course_view', courseId: course.id },
      { at: daysAgo(399), type: 'course_view', courseId: course.id },
      { at: daysAgo(1), type: 'course_view', courseId: course.id },
    ]);
    await app.db.insert(analyticsLectureViewers).values([
      { lectureId: lecture.id, viewer: 'old', furthest: 1, watched: 1, lastAt: daysAgo(401) },
      { lectureId: lecture.id, viewer: 'recent', furthest: 1, watched: 1, lastAt: daysAgo(2) },
    ]);
    expect(await sweepAnalytics(app.db, 400, now)).toBe(2);
    const left = await app.db.select({ at: analyticsEvents.at }).from(analyticsEvents);
    expect(left.map((r) => r.at.getTime()).sort()).toEqual([daysAgo(399).getTime(), daysAgo(1).getTime()]);
    const viewers = await app.db
      .select({ viewer: analyticsLectureViewers.viewer })
      .from(analyticsLectureViewers)
      .where(sql`${analyticsLectureViewers.viewer} in ('old', 'recent')`);
    expect(viewers).toEqual([{ viewer: 'recent' }]);
  });
});
