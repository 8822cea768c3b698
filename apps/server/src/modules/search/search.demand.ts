import { ANALYTICS_MAX_RANGE_DAYS, SEARCH_DEMAND_MIN_LEARNERS, type SearchDemand } from '@kaksha/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db/client.ts';
import { badRequest } from '../../core/errors.ts';
import { AnswerMemo, perDatabase } from '../../core/snapshots.ts';
import type { Exposure, QueryGroup } from './engine/search.clicks.ts';
import { rebuildDemandCounts, rollupDay, updateLastDayDemand } from './search.demand.counts.ts';

/**
 * What learners search for (issue #33), from the analytics events: the search rollup, the
 * search-demand report and the click evidence the ranking learns from.
 *
 * Each AI search is recorded as a `search` event (search.routes.ts) whose payload carries the query as
 * typed, the engine's query group (`topic`, `key`, `label`: engine/search.clicks.ts), its category,
 * the number of results and the first ones shown; the web app sends `search_open` when a learner opens
 * a result, and enrolments are recorded by the server. The rollup turns those events into
 * `analytics_search_log` (one row per search, with the courses opened from it within an hour and those
 * enrolled in within a week), `analytics_search_daily` (per day, group, learner and typed form: the
 * searches that found nothing or nothing opened) and `analytics_search_clicks` (per group, course and
 * learner: best position shown, opened, enrolled). Every step is idempotent, so, like the analytics
 * rollup, each run re-reads the events since the run before last.
 */

/** An open counts for the learner's latest search that showed the course within this time before it. */
export const OPEN_WINDOW_MINUTES = 60;
/** An enrolment counts for searches the course was opened from within this many days before it. */
export const ENROL_WINDOW_DAYS = 7;
/** The first results of a search kept with it (the click evidence's depth). */
export const SHOWN_KEPT = 10;
/** A typed form of a group is shown only when at least this many learners typed it (no one's own words). */
export const VARIANT_MIN_LEARNERS = 2;
/** Groups in a report at most, and typed forms per group. */
const MAX_GROUPS = 200;
const MAX_VARIANTS = 10;
/** Events read per statement by the rollup. */
const PAGE = 5000;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The payload of a `search` event (what search.routes.ts records). */
export interface SearchEventPayload {
  query: string;
  results: number;
  shown: string[];
  topic: string;
  key: string;
  label: string;
  category: string;
}

/** The `search` event's payload of a query, its group and its answer (the results' ids and categories, best first). */
export function searchEventPayload(
  query: string,
  group: QueryGroup,
  results: { id: string; category: string }[],
): SearchEventPayload {
  return {
    query,
    results: results.length,
    shown: results.slice(0, SHOWN_KEPT).map((r) => r.id),
    topic: group.topic,
    key: group.key,
    label: group.label,
    category: group.category ?? results[0]?.category ?? '',
  };
}

/** The form a typed query is grouped and shown in: lower case, spaces collapsed, at most 200 characters. */
export const variantOf = (query: string) => query.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 200);

interface EventRow {
  id: string | number;
  at: string | Date;
  type: string;
  learner: string;
  course_id: string | null;
  payload: Partial<SearchEventPayload> | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (at: string | Date) => new Date(at).toISOString();

/**
 * Brings the search rollup up to date with the analytics events (the search-learning job runs it every
 * ANALYTICS_ROLLUP_SECONDS). One instance at a time (an advisory lock; another skips the run).
 * Answers how many events it read.
 */
export async function rollupSearch(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('analytics_search_rollup')) as locked`),
    );
    if (!lock?.locked) return 0;
    await tx.execute(sql`insert into analytics_search_state (id) values (1) on conflict do nothing`);
    const [state] = rowsOf<{ before_id: string | number; last_id: string | number; demand_from: string | null }>(
      await tx.execute(sql`select before_id, last_id, demand_from::text from analytics_search_state where id = 1`),
    );
    const [top] = rowsOf<{ max: string | number }>(
      await tx.execute(sql`select coalesce(max(id), 0) as max from analytics_events`),
    );
    const max = Number(top?.max ?? 0);
    const last = Number(state?.last_id ?? 0);
    let after = Number(state?.before_id ?? 0);
    if (max === last && after === last && !state?.demand_from) return 0;
    // The (day, group, learner) of every search the run logged or saw opened.
    await tx.execute(sql`create temp table search_touched (day date, topic text, learner text) on commit drop`);
    let read = 0;
    for (;;) {
      const page = rowsOf<EventRow>(
        await tx.execute(sql`
          select id, at, type, learner, course_id, payload from analytics_events
          where id > ${after} and id <= ${max} and learner is not null
            and type in ('search', 'search_open', 'enrolment')
          order by id limit ${PAGE}`),
      );
      if (page.length === 0) break;
      read += page.length;
      after = Number(page[page.length - 1]?.id);
      await applyEvents(tx, page);
      if (page.length < PAGE) break;
    }
    const days = rowsOf<{ day: string }>(
      await tx.execute(sql`select distinct day::text as day from search_touched order by 1`),
    ).map((r) => r.day);
    if (days.length === 1 && !state?.demand_from && !(await demandAfter(tx, days[0] as string))) {
      // Only the last day changed (each minute's run, today): the touched learners alone.
      await tx.execute(sql`analyze search_touched`);
      await updateLastDayDemand(tx, days[0] as string, 'search_touched');
    } else {
      for (const day of days) await rollupDay(tx, day);
      const [from] = [...days, ...(state?.demand_from ? [state.demand_from] : [])].sort();
      if (from) await rebuildDemandCounts(tx, from);
    }
    await tx.execute(sql`
      update analytics_search_state set before_id = ${last}, last_id = ${max}, demand_from = null, rolled_at = now()
      where id = 1`);
    return read;
  });
}

/** Whether there is demand on a day after `day`. */
const demandAfter = async (tx: DbOrTx, day: string) =>
  rowsOf<{ later: boolean }>(
    await tx.execute(sql`select exists (select 1 from analytics_search_daily where day > ${day}::date) as later`),
  )[0]?.later === true;

/** Searches, then opens, then enrolments of one page of events; the searches changed go to `search_touched`. */
async function applyEvents(tx: DbOrTx, page: EventRow[]) {
  const searches = searchRows(page);
  if (searches.length) await applySearches(tx, JSON.stringify(searches));

  const acts = (type: string) =>
    JSON.stringify(
      page
        .filter((e) => e.type === type && e.course_id)
        .map((e, i) => ({ i, learner: e.learner, course: e.course_id, at: iso(e.at) })),
    );
  const opens = acts('search_open');
  if (opens !== '[]') await applyOpens(tx, opens);
  const enrolments = acts('enrolment');
  if (enrolments !== '[]') await applyEnrolments(tx, enrolments);
}

/** The search log rows of a page's `search` events, their payloads bounded (any payload may be sent). */
function searchRows(page: EventRow[]) {
  return page
    .filter((e) => e.type === 'search' && e.payload && typeof e.payload.topic === 'string' && e.payload.topic)
    .map((e) => {
      const p = e.payload as SearchEventPayload;
      const shown = (Array.isArray(p.shown) ? p.shown : []).filter((s) => UUID.test(String(s))).slice(0, SHOWN_KEPT);
      return {
        event_id: Number(e.id),
        at: iso(e.at),
        learner: e.learner,
        topic: String(p.topic).slice(0, 300),
        key: String(p.key ?? p.topic).slice(0, 400),
        variant: variantOf(String(p.query ?? p.label ?? '')),
        label: String(p.label ?? '').slice(0, 300),
        category: String(p.category ?? '').slice(0, 100),
        results: Math.max(0, Math.trunc(Number(p.results) || 0)),
        shown,
      };
    });
}

/** Logs the searches (JSON rows of searchRows) and their click evidence; those newly logged are touched. */
async function applySearches(tx: DbOrTx, json: string) {
  await tx.execute(sql`
    with inserted as (
      insert into analytics_search_log (event_id, at, day, learner, topic, key, variant, label, category, results, shown)
      select x.event_id, x.at, (x.at at time zone 'Asia/Kolkata')::date, x.learner, x.topic, x.key, x.variant,
        x.label, x.category, x.results, array(select s::uuid from json_array_elements_text(x.shown) s)
      from json_to_recordset(${json}::json) as x(event_id bigint, at timestamptz, learner text, topic text,
        key text, variant text, label text, category text, results int, shown json)
      on conflict (event_id) do nothing
      returning day, topic, learner
    )
    insert into search_touched select day, topic, learner from inserted`);
  // The click evidence: one row per (group, course, learner), the best position it was shown at.
  await tx.execute(sql`
    insert into analytics_search_clicks (key, course_id, learner, shown, last_at)
    select x.key, s.value::uuid, x.learner, min(s.ordinality), max(x.at)
    from json_to_recordset(${json}::json) as x(key text, learner text, at timestamptz, shown json)
    cross join lateral json_array_elements_text(x.shown) with ordinality as s(value, ordinality)
    group by 1, 2, 3
    on conflict (key, course_id, learner) do update
      set shown = least(analytics_search_clicks.shown, excluded.shown),
          last_at = greatest(analytics_search_clicks.last_at, excluded.last_at)`);
}

/** Counts the opens (JSON rows of `search_open` events) for their searches; the searches changed are touched. */
async function applyOpens(tx: DbOrTx, opens: string) {
  // Each open counts for the learner's latest search within the hour before it that showed the course.
  await tx.execute(sql`
    with o as (
      select * from json_to_recordset(${opens}::json) as x(i int, learner text, course uuid, at timestamptz)
    ), hit as (
      select distinct on (o.i) l.event_id, o.course
      from o join analytics_search_log l
        on l.learner = o.learner and l.at <= o.at and l.at > o.at - make_interval(mins => ${OPEN_WINDOW_MINUTES})
        and o.course = any(l.shown)
      order by o.i, l.at desc
    ), per as (
      select event_id, array_agg(distinct course) as courses from hit group by event_id
    ), upd as (
      update analytics_search_log l
      set opened = l.opened || array(select c from unnest(per.courses) c where not c = any(l.opened))
      from per where l.event_id = per.event_id and not per.courses <@ l.opened
      returning l.day, l.topic, l.learner
    )
    insert into search_touched select day, topic, learner from upd`);
  // The click evidence of the searches these opens were counted for (again on a re-read: idempotent).
  await tx.execute(sql`
    update analytics_search_clicks k set clicked = true
    from (
      select distinct l.key, l.learner, c as course
      from json_to_recordset(${opens}::json) as x(i int, learner text, course uuid, at timestamptz)
      join analytics_search_log l on l.learner = x.learner and l.at <= x.at
        and l.at > x.at - make_interval(mins => ${OPEN_WINDOW_MINUTES})
      cross join unnest(l.opened) c
      where c = x.course
    ) u
    where k.key = u.key and k.learner = u.learner and k.course_id = u.course and not k.clicked`);
}

/** Counts the enrolments (JSON rows of `enrolment` events) for the searches their courses were opened from. */
async function applyEnrolments(tx: DbOrTx, enrolments: string) {
  await tx.execute(sql`
    with e as (
      select * from json_to_recordset(${enrolments}::json) as x(i int, learner text, course uuid, at timestamptz)
    ), upd as (
      update analytics_search_log l
      set enrolled = l.enrolled || array[e.course]
      from e
      where l.learner = e.learner and e.course = any(l.opened) and not e.course = any(l.enrolled)
        and l.at <= e.at and l.at > e.at - make_interval(days => ${ENROL_WINDOW_DAYS})
      returning l.key, l.learner, e.course
    )
    update analytics_search_clicks k set enrolled = true
    from (select distinct key, learner, course from upd) u
    where k.key = u.key and k.learner = u.learner and k.course_id = u.course`);
}

/** Drops the search rollup's rows older than the retention (with the analytics events' sweep). */
export async function sweepSearchAnalytics(db: DbOrTx, retentionDays: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  await db.execute(sql`delete from analytics_search_log where at < ${cutoff.toISOString()}::timestamptz`);
  await db.execute(sql`delete from analytics_search_clicks where last_at < ${cutoff.toISOString()}::timestamptz`);
  const day = sql`(${cutoff.toISOString()}::timestamptz at time zone 'Asia/Kolkata')::date`;
  await db.execute(sql`delete from analytics_search_daily where day < ${day}`);
  await db.execute(sql`delete from analytics_search_demand_days where day < ${day}`);
  // A slice's running counts keep their last row before the cutoff (a range starting at the oldest day
  // left reads it), or none when the slice has nothing after it.
  await db.execute(sql`
    delete from analytics_search_demand_totals t
    where t.day < ${day} and (
      exists (
        select 1 from analytics_search_demand_totals u
        where u.scope = t.scope and u.topic = t.topic and u.variant = t.variant and u.day > t.day and u.day < ${day})
      or not exists (
        select 1 from analytics_search_demand_totals u
        where u.scope = t.scope and u.topic = t.topic and u.variant = t.variant and u.day >= ${day}))`);
  await db.execute(sql`delete from analytics_search_demand_slices where last_day < ${day}`);
  // The report's answers kept for the rollup's version are out of date.
  await db.execute(sql`update analytics_search_state set rolled_at = now() where id = 1`);
}

/**
 * The click evidence since `since`, counted: learners per (group, course, best position, opened,
 * enrolled). What the click model (engine/search.clicks.ts) needs, and no learner in it.
 */
export async function searchExposures(db: DbOrTx, since: Date, depth: number): Promise<Exposure[]> {
  const rows = rowsOf<{
    key: string;
    course_id: string;
    shown: number;
    clicked: boolean;
    enrolled: boolean;
    n: string | number;
  }>(
    await db.execute(sql`
      select key, course_id, shown, clicked, enrolled, count(*) as n
      from analytics_search_clicks
      where last_at >= ${since.toISOString()}::timestamptz and shown <= ${depth}
      group by 1, 2, 3, 4, 5`),
  );
  return rows.map((r) => ({
    key: r.key,
    course: r.course_id,
    shown: Number(r.shown),
    clicked: r.clicked,
    enrolled: r.enrolled,
    learners: Number(r.n),
  }));
}

// ---- the report ----

/** India's date (analytics' days are India's) of an instant. */
const indiaDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The report's days from `?from=&to=` (dates already checked by the contract): `to` defaults to today
 * (India), `from` to the 30 days up to `to`; 400 for `from` after `to`, a `to` in the future, or more
 * than ANALYTICS_MAX_RANGE_DAYS days.
 */
export function demandRange(from: string | undefined, to: string | undefined, now = new Date()) {
  const today = indiaDay(now);
  const end = to ?? today;
  const start = from ?? addDays(end, -29);
  if (end > today) throw badRequest('to must not be in the future', { to: 'to must not be in the future' });
  if (start > end) throw badRequest('from must not be after to', { from: 'from must not be after to' });
  if (start < addDays(end, -(ANALYTICS_MAX_RANGE_DAYS - 1))) {
    const message = `The range must be at most ${ANALYTICS_MAX_RANGE_DAYS} days`;
    throw badRequest(message, { from: message });
  }
  return { from: start, to: end };
}

export interface DemandRange {
  from: string;
  to: string;
  category?: string;
}

/**
 * `GET /api/analytics/search-demand`: per query group, the searches in the range that found nothing
 * or nothing opened, by at least SEARCH_DEMAND_MIN_LEARNERS distinct learners (smaller groups are
 * left out: no one's search can be singled out). `query` is the group's commonest typed form (typed
 * by at least VARIANT_MIN_LEARNERS learners; else what the engine understood), `variants` the other
 * such forms, `results` the mean number of results those searches had.
 *
 * Counted from the running counts (schema/search-demand.ts): a few index lookups per group and typed
 * form, whatever the range's length. Every educator reads the same report, and it changes only when the
 * search rollup moves: answers are kept per range until it does (per database handle).
 */
export async function searchDemand(db: DbOrTx, range: DemandRange): Promise<SearchDemand> {
  const [state] = rowsOf<{ version: string | number | null }>(
    await db.execute(
      sql`select extract(epoch from rolled_at) * 1000 as version from analytics_search_state where id = 1`,
    ),
  );
  const version = Number(state?.version ?? 0);
  const key = `${range.from}|${range.to}|${range.category ?? ''}`;
  return demandAnswers(db).answer(version, key, () => countSearchDemand(db, range));
}

const demandAnswers = perDatabase(() => new AnswerMemo<SearchDemand>(100));

/**
 * The figures in the range (CTE `b`: f…t) of the scope's slices that `which` selects: learners whose
 * first day in the slice is in the range (running counts at its end minus before its start) plus those
 * who come back in it after a day before it (CTE `returns`), and the searches and results.
 */
const sliceFigures = (scope: string, which: SQL) => sql`
  select s.topic, s.variant, s.label,
    coalesce(e.learners, 0) - coalesce(p.learners, 0) + coalesce(r.n, 0) as learners,
    coalesce(e.searches, 0) - coalesce(p.searches, 0) as searches,
    coalesce(e.results, 0) - coalesce(p.results, 0) as results
  from b
  join analytics_search_demand_slices s on s.first_day <= b.t and s.last_day >= b.f
  left join lateral (
    select t.learners, t.searches, t.results from analytics_search_demand_totals t
    where t.scope = s.scope and t.topic = s.topic and t.variant = s.variant and t.day <= b.t
    order by t.day desc limit 1
  ) e on true
  left join lateral (
    select t.learners, t.searches, t.results from analytics_search_demand_totals t
    where t.scope = s.scope and t.topic = s.topic and t.variant = s.variant and t.day < b.f
    order by t.day desc limit 1
  ) p on true
  left join returns r on r.topic = s.topic and r.variant = s.variant
  where s.scope = ${scope} and ${which}`;

async function countSearchDemand(db: DbOrTx, range: DemandRange): Promise<SearchDemand> {
  const scope = range.category ?? '*';
  const rows = rowsOf<{
    topic: string;
    learners: string | number;
    searches: string | number;
    results: string | number;
    label: string;
    variants: { v: string; l: number; s: number }[] | string | null;
  }>(
    await db.execute(sql`
      with b as (
        -- Days before the oldest kept (swept) count nothing; the running counts start there.
        select greatest(${range.from}::date, coalesce((select min(day) from analytics_search_daily), ${range.from}::date))
          as f, ${range.to}::date as t
      ), returns as materialized (
        select d.topic, d.variant, count(*) as n
        from b join analytics_search_demand_days d on d.day between b.f and b.t and d.prev < b.f
        where d.scope = ${scope} and d.prev is not null
        group by d.topic, d.variant
      ), g as (
        select topic, learners, searches, results, label from (${sliceFigures(scope, sql`s.variant = ''`)}) x
        where learners >= ${SEARCH_DEMAND_MIN_LEARNERS}
        order by learners desc, searches desc, topic limit ${MAX_GROUPS}
      ), typed as (
        select topic, json_agg(json_build_object('v', variant, 'l', learners, 's', searches)
          order by searches desc, learners desc, variant) as variants
        from (${sliceFigures(scope, sql`s.variant <> '' and s.topic in (select topic from g)`)}) x
        where learners >= ${VARIANT_MIN_LEARNERS}
        group by topic
      )
      select g.topic, g.learners, g.searches, g.results, g.label, t.variants
      from g left join typed t on t.topic = g.topic
      order by g.learners desc, g.searches desc, g.topic`),
  );
  return {
    groups: rows.map((r) => {
      const typed = (typeof r.variants === 'string' ? JSON.parse(r.variants) : (r.variants ?? [])) as { v: string }[];
      const forms = typed.map((x) => x.v);
      const searches = Number(r.searches);
      return {
        query: forms[0] ?? r.label,
        variants: forms.slice(1, 1 + MAX_VARIANTS),
        searches,
        learners: Number(r.learners),
        results: searches ? Math.round((Number(r.results) / searches) * 10) / 10 : 0,
      };
    }),
  };
}

/** A CSV cell: quoted when needed, and a learner's text that a spreadsheet would run as a formula defused. */
function cell(value: string | number): string {
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The report as CSV: one line per group, its other forms joined by " | ". */
export function searchDemandCsv(report: SearchDemand): string {
  const lines = [['query', 'variants', 'searches', 'learners', 'results'].join(',')];
  for (const g of report.groups)
    lines.push([g.query, g.variants.join(' | '), g.searches, g.learners, g.results].map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
