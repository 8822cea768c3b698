import { SEARCH_DEMAND_MIN_LEARNERS, type SearchDemand } from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { rollupSearch, searchDemand, sweepSearchAnalytics, VARIANT_MIN_LEARNERS } from './search.demand.ts';

/**
 * The search-demand report is counted from running counts (schema/search-demand.ts), rebuilt from a
 * changed day on. Here it must answer exactly what counting distinct learners over the daily rows
 * answers (the definition, below), for generated demand, many ranges and both kinds of scope: after a
 * first build, after days in the middle change, and after the retention sweep.
 */

/** A small seeded generator, so a failure can be replayed (the seed is in the test's name). */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)] };
}

const FIRST = '2026-03-01';
const DAYS = 40;
const dayOf = (i: number) => new Date(Date.parse(`${FIRST}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
const CATEGORIES = ['Data Science', 'Web Development'];

interface DailyRow {
  day: string;
  topic: string;
  learner: string;
  variant: string;
  category: string;
  label: string;
  searches: number;
  results: number;
}

/** Demand rows: a few groups, each with typed forms; some learners come back on other days. */
function demandRows(rng: ReturnType<typeof generator>, n: number, days: [number, number], learners = 40) {
  const rows: DailyRow[] = [];
  for (let i = 0; i < n; i++) {
    const t = rng.int(6);
    rows.push({
      day: dayOf(days[0] + rng.int(days[1] - days[0])),
      topic: `topic-${t}`,
      learner: `learner-${rng.int(learners)}`,
      variant: `form ${t}-${rng.int(4)}`,
      category: rng.pick(CATEGORIES),
      label: `Topic ${t}`,
      searches: 1 + rng.int(3),
      results: rng.int(3),
    });
  }
  return rows;
}

describe('search demand counted from running counts', async () => {
  const app = await buildTestApp();
  const db = app.db;

  const insert = (rows: DailyRow[]) =>
    db.execute(sql`
      insert into analytics_search_daily (day, topic, learner, variant, category, label, searches, results)
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(day date, topic text, learner text,
        variant text, category text, label text, searches int, results int)
      on conflict do nothing`);
  /** What the search rollup does after changing the daily rows of `from` and later days. */
  const rebuildFrom = async (from: string) => {
    await db.execute(sql`
      insert into analytics_search_state (id, demand_from) values (1, ${from}::date)
      on conflict (id) do update set demand_from = excluded.demand_from`);
    await rollupSearch(db);
  };

  /** The report by its definition: distinct learners over the range's daily rows. */
  const defined = async (from: string, to: string, category?: string): Promise<SearchDemand> => {
    const where = sql`day between ${from}::date and ${to}::date ${category ? sql`and category = ${category}` : sql``}`;
    const result = await db.execute(sql`
      with g as (
        select topic, count(distinct learner) as learners, sum(searches) as searches, sum(results) as results,
          max(label) as label
        from analytics_search_daily where ${where}
        group by topic having count(distinct learner) >= ${SEARCH_DEMAND_MIN_LEARNERS}
      ), v as (
        select topic, variant, count(distinct learner) as l, sum(searches) as s
        from analytics_search_daily where ${where} and topic in (select topic from g)
        group by topic, variant having count(distinct learner) >= ${VARIANT_MIN_LEARNERS}
      )
      select g.topic, g.learners, g.searches, g.results, g.label,
        (select json_agg(v.variant order by v.s desc, v.l desc, v.variant) from v where v.topic = g.topic) as forms
      from g order by g.learners desc, g.searches desc, g.topic`);
    const rows = result.rows as {
      learners: string | number;
      searches: string | number;
      results: string | number;
      label: string;
      forms: string[] | string | null;
    }[];
    return {
      groups: rows.map((r) => {
        const forms = (typeof r.forms === 'string' ? JSON.parse(r.forms) : (r.forms ?? [])) as string[];
        const searches = Number(r.searches);
        return {
          query: forms[0] ?? r.label,
          variants: forms.slice(1, 11),
          searches,
          learners: Number(r.learners),
          results: searches ? Math.round((Number(r.results) / searches) * 10) / 10 : 0,
        };
      }),
    };
  };

  /** The report and its definition agree on `count` random ranges in every scope. */
  const agreeOn = async (rng: ReturnType<typeof generator>, count: number) => {
    let nonEmpty = 0;
    for (let i = 0; i < count; i++) {
      const a = rng.int(DAYS + 4) - 2;
      const b = a + rng.int(DAYS + 4 - a);
      const [from, to] = [dayOf(a), dayOf(b)];
      for (const category of [undefined, ...CATEGORIES]) {
        const expected = await defined(from, to, category);
        const answer = await searchDemand(db, { from, to, category });
        expect(answer, `${from}…${to} ${category ?? 'every category'}`).toEqual(expected);
        if (expected.groups.length) nonEmpty++;
      }
    }
    // The data must make groups big enough to be shown, or the comparison proves little.
    expect(nonEmpty).toBeGreaterThan(count);
  };

  for (const seed of [1, 2, 3]) {
    it(`answers as counting does: built, days in the middle changed, then swept (seed ${seed})`, async () => {
      await db.execute(sql`delete from analytics_search_daily`);
      const rng = generator(seed);
      await insert(demandRows(rng, 900, [0, DAYS]));
      await rebuildFrom(FIRST);
      await agreeOn(rng, 12);

      // A day in the middle loses rows (searches opened later), others get rows: rebuilt from the first.
      const middle = dayOf(18);
      await db.execute(sql`delete from analytics_search_daily where day = ${middle}::date and learner < 'learner-2'`);
      await insert(demandRows(rng, 150, [10, 25], 60));
      await rebuildFrom(dayOf(10));
      await agreeOn(rng, 12);

      // Only the last days change, as each minute's rollup does: the days before keep their counts.
      await insert(demandRows(rng, 60, [DAYS - 2, DAYS], 60));
      await rebuildFrom(dayOf(DAYS - 2));
      await agreeOn(rng, 8);

      // The retention sweep: days before the cutoff go, and ranges reaching before it count what is left.
      const cutoff = new Date(`${dayOf(12)}T00:00:00+05:30`);
      await sweepSearchAnalytics(db, 0, cutoff);
      expect(
        (await db.execute(sql`select count(*)::int as n from analytics_search_daily where day < ${dayOf(12)}::date`))
          .rows[0],
      ).toEqual({ n: 0 });
      await agreeOn(rng, 12);
    });
  }
});

/**
 * Each minute's run updates only the learners it touched when it changed the last day alone
 * (search.demand.counts.ts). Driven by events as the site sends them — searches, opens arriving in a
 * later run than their search (a learner-day or a whole slice's day then disappears), the day moving
 * on, now and then a late event of an earlier day — after every run the daily rows must be what the
 * search log defines, and the running counts exactly what a rebuild from the first day makes.
 */
describe('search demand updated run by run', async () => {
  const app = await buildTestApp();
  const db = app.db;
  const COURSES = [
    '0b9f0c2e-5a43-4a4e-9d0e-4d1f7e6c0001',
    '0b9f0c2e-5a43-4a4e-9d0e-4d1f7e6c0002',
    '0b9f0c2e-5a43-4a4e-9d0e-4d1f7e6c0003',
    '0b9f0c2e-5a43-4a4e-9d0e-4d1f7e6c0004',
  ];

  interface Event {
    type: 'search' | 'search_open';
    at: string;
    learner: string;
    course?: string;
    payload?: Record<string, unknown>;
  }
  const insertEvents = (events: Event[]) =>
    db.execute(sql`
      insert into analytics_events (at, type, learner, course_id, payload)
      select x.at, x.type, x.learner, x.course, x.payload
      from json_to_recordset(${JSON.stringify(events)}::json)
        as x(at timestamptz, type text, learner text, course uuid, payload jsonb)`);
  const table = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows;
  const counts = async () => ({
    days: await table(sql`select scope, topic, variant, learner, day::text, prev::text
      from analytics_search_demand_days order by 1, 2, 3, 4, 5`),
    totals: await table(sql`select scope, topic, variant, day::text, learners, searches::int, results::int
      from analytics_search_demand_totals order by 1, 2, 3, 4`),
  });
  /** The daily rows by their definition: per day, group, learner and form, the searches nothing was opened from. */
  const definedDaily = () =>
    table(sql`select day::text, topic, learner, variant, max(category) as category, max(label) as label,
        count(*)::int as searches, sum(results)::int as results
      from analytics_search_log where cardinality(opened) = 0 group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  const daily = () =>
    table(sql`select day::text, topic, learner, variant, category, label, searches, results
      from analytics_search_daily order by 1, 2, 3, 4`);

  for (const seed of [11, 12, 13, 14]) {
    it(`leaves the rows a rebuild makes, after each run (seed ${seed})`, async () => {
      await db.execute(sql`
        truncate analytics_events, analytics_search_log, analytics_search_daily, analytics_search_clicks,
          analytics_search_demand_days, analytics_search_demand_totals, analytics_search_demand_slices,
          analytics_search_state`);
      const rng = generator(seed);
      let day = 0;
      let minute = 0;
      let pendingOpens: Event[] = [];
      for (let run = 0; run < 24; run++) {
        // The day moves on now and then; each run is a few minutes later.
        if (rng.int(5) === 0) {
          day++;
          minute = 0;
        }
        minute += 5;
        const events: Event[] = [...pendingOpens];
        pendingOpens = [];
        for (let i = rng.int(12); i >= 0; i--) {
          // Mostly today; sometimes a search of an earlier day arrives late.
          const late = day > 0 && rng.int(10) === 0;
          const at = new Date(Date.parse(`${dayOf(late ? day - 1 : day)}T03:00:00Z`) + (minute + i) * 60_000);
          const t = rng.int(3);
          const learner = `learner-${rng.int(8)}`;
          const shown = [rng.pick(COURSES), rng.pick(COURSES)];
          events.push({
            type: 'search',
            at: at.toISOString(),
            learner,
            payload: {
              topic: `topic-${t}`,
              key: `topic-${t}`,
              query: `form ${t}-${rng.int(3)}`,
              label: `Topic ${t}`,
              category: rng.pick(CATEGORIES),
              results: rng.int(3),
              shown,
            },
          });
          // An open of one of its results, in this run or the next (its search leaves the demand then).
          if (rng.int(3) === 0) {
            const open: Event = {
              type: 'search_open',
              at: new Date(at.getTime() + 60_000).toISOString(),
              learner,
              course: shown[0],
            };
            if (rng.int(2) === 0) events.push(open);
            else pendingOpens.push(open);
          }
        }
        await insertEvents(events);
        await rollupSearch(db);
        expect(await daily(), `run ${run}: the daily rows`).toEqual(await definedDaily());
        const updated = await counts();
        await db.execute(sql`update analytics_search_state set demand_from = ${FIRST}::date where id = 1`);
        await rollupSearch(db);
        expect(updated, `run ${run}: the running counts`).toEqual(await counts());
      }
      // The generated runs must reach past the first day and leave demand, or the comparison proves little.
      const [made] = await table(sql`select count(distinct day)::int as days, count(*)::int as n
        from analytics_search_demand_days`);
      expect(made?.days).toBeGreaterThan(2);
      expect(made?.n).toBeGreaterThan(40);
    });
  }
});
