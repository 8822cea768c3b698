import { ANALYTICS_HEARTBEAT_SECONDS } from '@kaksha/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db/client.ts';
import { analyticsRollupState } from '../../core/db/schema/index.ts';
import { addDays, indiaDay } from './analytics.privacy.ts';

/**
 * The rollup job (issue #33): reports read daily tables, never the raw events. Each run reads only
 * the events written since the run before (by id) and adds them to the daily rows: counts and sums
 * are added; unique visitors and active learners count the people not yet counted that day (kept in
 * analytics_course_visitors / _learners); an enrolment's source is decided again only when a view
 * or sign-in of its learner arrives that could change it (analytics_first_views, _visitor_links,
 * _enrolment_sources). So a run costs what arrived since the last, not the size of the day.
 *
 * Each event is counted once: ids are taken before a batch commits, so a batch committed after a
 * run may hold ids below what that run read; those ids were not visible then and are kept as pending
 * ranges, read again by the next runs until found (or ROLLUP_PENDING_MS old: rolled back). A run reads
 * at most ROLLUP_SLICE ids per transaction, so a long history is rolled up in bounded steps. One
 * instance at a time (an advisory lock; another instance skips the run).
 */

/** Ids read in one transaction. */
const ROLLUP_SLICE = 250_000;
/** How long ids not yet visible are looked for (a batch is written within seconds; longer: rolled back). */
const ROLLUP_PENDING_MS = 10 * 60_000;
/** Pending ranges kept at most (the most recent). */
const MAX_PENDING = 1000;

const beat = sql.raw(String(ANALYTICS_HEARTBEAT_SECONDS));
/** The India days of this slice's events. */
const sliceDays = sql.raw('(select day from rollup_days)');

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

type Pending = { lo: number; hi: number; since: number };

/** What the rollup keeps of the current days (swept with the events). */
const DAY_STATE = [
  'analytics_course_visitors',
  'analytics_course_learners',
  'analytics_first_views',
  'analytics_visitor_links',
  'analytics_enrolment_sources',
];

export async function rollup(db: Db, now = () => Date.now()) {
  while (await db.transaction((tx) => rollupSlice(tx, now()))) {
    // The next slice of a long history, in a transaction of its own.
  }
}

/** Reads and counts one slice of new events (and the pending ranges); answers whether more are waiting. */
async function rollupSlice(tx: Tx, now: number): Promise<boolean> {
  const [lock] = rowsOf<{ locked: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('analytics_rollup')) as locked`),
  );
  if (!lock?.locked) return false;
  await tx.insert(analyticsRollupState).values({ id: 1 }).onConflictDoNothing();
  const [state] = await tx.select().from(analyticsRollupState).where(eq(analyticsRollupState.id, 1));
  const [top] = rowsOf<{ max: string | number }>(
    await tx.execute(sql`select coalesce(max(id), 0) as max from analytics_events`),
  );
  const max = Number(top?.max ?? 0);
  const last = Number(state?.lastId ?? 0);
  const pending = (state?.pending ?? []).filter((r) => r.since > now - ROLLUP_PENDING_MS);
  const upper = Math.min(max, last + ROLLUP_SLICE);
  if (upper <= last && pending.length === 0) {
    // Nothing new, and ranges looked for long enough are given up.
    if (state?.pending.length)
      await tx.update(analyticsRollupState).set({ pending: [] }).where(eq(analyticsRollupState.id, 1));
    return false;
  }
  const ranges: Pending[] = [...pending, ...(upper > last ? [{ lo: last + 1, hi: upper, since: now }] : [])];

  // The slice's events, with their India day and the course a lecture's event counts for (the web
  // app need not send courseId with them). Temporary: gone at commit.
  await tx.execute(sql`
    create temp table rollup_batch on commit drop as
    select e.id, e.at, (e.at at time zone 'Asia/Kolkata')::date as day, e.type, e.visitor, e.learner,
      e.course_id, e.lecture_id, e.position, e.duration, e.referrer_host, e.utm_source, e.amount, e.payload,
      coalesce(l.course_id, e.course_id) as owner_course
    from json_to_recordset(${JSON.stringify(ranges)}::json) as r(lo bigint, hi bigint)
    join analytics_events e on e.id between r.lo and r.hi
    left join lectures l on l.id = e.lecture_id`);
  await tx.execute(sql`analyze rollup_batch`);
  await tx.execute(sql`create temp table rollup_days on commit drop as select distinct day from rollup_batch`);
  // Measured, so the day tables are read by their day index, not scanned (a temporary table has no statistics).
  await tx.execute(sql`analyze rollup_days`);

  await addCourseDays(tx);
  await addQuizzes(tx);
  await addSources(tx);
  await rollupOverviews(tx);
  await rollupViewers(tx);

  // What was not found in the ranges read stays pending, with the time it was first looked for.
  const gaps = rowsOf<{ lo: string; hi: string; since: string }>(
    await tx.execute(sql`
      select g.lo, g.hi, r.since
      from json_to_recordset(${JSON.stringify(ranges)}::json) as r(lo bigint, hi bigint, since bigint)
      cross join lateral (
        select t.prev + 1 as lo, t.id - 1 as hi from (
          select s.id, lag(s.id, 1, r.lo - 1) over (order by s.id) as prev
          from (select b.id from rollup_batch b where b.id between r.lo and r.hi union all select r.hi + 1) s
        ) t where t.id > t.prev + 1
      ) g
      order by g.lo`),
  )
    .map((g) => ({ lo: Number(g.lo), hi: Number(g.hi), since: Number(g.since) }))
    .slice(-MAX_PENDING);
  await tx
    .update(analyticsRollupState)
    .set({ beforeId: last, lastId: Math.max(last, upper), pending: gaps, rolledAt: new Date(now) })
    .where(eq(analyticsRollupState.id, 1));
  return upper < max;
}

/**
 * Adds the slice to the course rows: counts and sums, and the visitors and learners not yet counted
 * that day. Events of a course that does not exist (any id may be sent) count for none.
 */
async function addCourseDays(tx: Tx) {
  await tx.execute(sql`
    with b as (
      select b.* from rollup_batch b join courses c on c.id = b.owner_course
      where b.type not in ('search', 'search_open')
    ), visitors as (
      insert into analytics_course_visitors (course_id, day, visitor)
      select distinct owner_course, day, visitor from b where type = 'course_view' and visitor is not null
      on conflict do nothing
      returning course_id, day
    ), learners as (
      insert into analytics_course_learners (course_id, day, learner)
      select distinct owner_course, day, learner from b
      where type in ('lecture_play', 'heartbeat', 'quiz_attempt', 'certificate_claim') and learner is not null
      on conflict do nothing
      returning course_id, day
    ), delta as (
      select owner_course as course_id, day,
        count(*) filter (where type = 'course_view') as page_views,
        count(*) filter (where type = 'checkout_open') as checkouts,
        count(*) filter (where type = 'enrolment') as enrolments,
        coalesce(sum(amount) filter (where type = 'purchase'), 0) as revenue,
        coalesce(sum(amount) filter (where type = 'refund'), 0) as refunds,
        coalesce(sum(coalesce(duration, ${beat})::float8) filter (where type = 'heartbeat'), 0) as seconds_watched,
        count(*) filter (where type = 'certificate_claim') as completions
      from b group by 1, 2
    ), new_visitors as (
      select course_id, day, count(*) as n from visitors group by 1, 2
    ), new_learners as (
      select course_id, day, count(*) as n from learners group by 1, 2
    )
    insert into analytics_course_daily as t (course_id, day, page_views, unique_visitors, checkouts, enrolments,
      revenue, refunds, seconds_watched, active_learners, completions)
    select d.course_id, d.day, d.page_views, coalesce(v.n, 0), d.checkouts, d.enrolments, d.revenue, d.refunds,
      d.seconds_watched, coalesce(l.n, 0), d.completions
    from delta d
    left join new_visitors v on v.course_id = d.course_id and v.day = d.day
    left join new_learners l on l.course_id = d.course_id and l.day = d.day
    on conflict (course_id, day) do update set
      page_views = t.page_views + excluded.page_views, unique_visitors = t.unique_visitors + excluded.unique_visitors,
      checkouts = t.checkouts + excluded.checkouts, enrolments = t.enrolments + excluded.enrolments,
      revenue = t.revenue + excluded.revenue, refunds = t.refunds + excluded.refunds,
      seconds_watched = t.seconds_watched + excluded.seconds_watched,
      active_learners = t.active_learners + excluded.active_learners, completions = t.completions + excluded.completions`);
}

/** Adds the slice's graded quiz attempts: attempts, passes, and the questions answered wrong. */
async function addQuizzes(tx: Tx) {
  await tx.execute(sql`
    insert into analytics_quiz_daily as t (quiz_id, day, course_id, attempts, passes)
    select q.id, b.day, q.course_id, count(*), count(*) filter (where (b.payload->>'passed')::boolean)
    from rollup_batch b join quizzes q on q.id::text = b.payload->>'quizId'
    where b.type = 'quiz_attempt'
    group by 1, 2, 3
    on conflict (quiz_id, day) do update set
      course_id = excluded.course_id, attempts = t.attempts + excluded.attempts, passes = t.passes + excluded.passes`);

  await tx.execute(sql`
    insert into analytics_quiz_question_daily as t (quiz_id, day, question, wrong)
    select q.id, b.day, w.value::int, count(*)
    from rollup_batch b join quizzes q on q.id::text = b.payload->>'quizId'
    cross join lateral jsonb_array_elements_text(coalesce(b.payload->'wrong', '[]'::jsonb)) as w(value)
    where b.type = 'quiz_attempt'
    group by 1, 2, 3
    on conflict (quiz_id, day, question) do update set wrong = t.wrong + excluded.wrong`);
}

/**
 * The source rows. Views count for their utm_source, else the referrer's host, else (direct). An
 * enrolment counts for the source of the learner's first view of the course that day: one they were
 * signed in for, or one signed in as nobody under a visitor hash they were signed in under that day
 * (the hashes last a day; a view before signing up shares its visitor with the checkout after it). A
 * webhook's enrolment has no visitor of its own; someone else's signed-in view under the same hash
 * (one college network, one browser build) never counts. Views with one time (a batch read in one
 * millisecond) go in the order sent. A view may arrive after its enrolment (the web app sends views
 * every few seconds, the server records the enrolment at once): the enrolments such a view or a new
 * sign-in could concern are decided again.
 */
async function addSources(tx: Tx) {
  const source = sql.raw(`coalesce(b.utm_source, b.referrer_host, '(direct)')`);
  // Only events of real courses count (any id may be sent); a lecture's events carry no source.
  await tx.execute(sql`
    create temp table rollup_linking on commit drop as
    select b.* from rollup_batch b join courses c on c.id = b.course_id
    where b.type in ('course_view', 'checkout_open', 'enrolment')`);

  await tx.execute(sql`
    insert into analytics_source_daily as t (course_id, day, source, page_views, enrolments)
    select b.course_id, b.day, ${source}, count(*), 0 from rollup_linking b where b.type = 'course_view'
    group by 1, 2, 3
    on conflict (course_id, day, source) do update set page_views = t.page_views + excluded.page_views`);

  // First views that are new or earlier than the one kept.
  await tx.execute(sql`
    create temp table rollup_changed_views (course_id uuid, day date, learner text, visitor text) on commit drop`);
  await tx.execute(sql`
    with changed as (
      insert into analytics_first_views as t (course_id, day, learner, visitor, at, event_id, source)
      select distinct on (1, 2, 3, 4) b.course_id, b.day, coalesce(b.learner, ''),
        case when b.learner is null then b.visitor else '' end, b.at, b.id, ${source}
      from rollup_linking b
      where b.type = 'course_view' and (b.learner is not null or b.visitor is not null)
      order by 1, 2, 3, 4, b.at, b.id
      on conflict (course_id, day, learner, visitor) do update set
        at = excluded.at, event_id = excluded.event_id, source = excluded.source
        where (excluded.at, excluded.event_id) < (t.at, t.event_id)
      returning t.course_id, t.day, t.learner, t.visitor
    )
    insert into rollup_changed_views select * from changed`);

  await tx.execute(sql`create temp table rollup_new_links (day date, learner text) on commit drop`);
  await tx.execute(sql`
    with linked as (
      insert into analytics_visitor_links (day, learner, visitor)
      select distinct b.day, b.learner, b.visitor from rollup_linking b
      where b.learner is not null and b.visitor is not null
      on conflict do nothing
      returning day, learner
    )
    insert into rollup_new_links select distinct day, learner from linked`);

  await tx.execute(sql`
    insert into analytics_enrolment_sources (event_id, course_id, day, learner, visitor)
    select b.id, b.course_id, b.day, b.learner, b.visitor from rollup_linking b where b.type = 'enrolment'
    on conflict do nothing`);
  await decideEnrolmentSources(tx);
}

/**
 * Decides the source of the new enrolments and of those whose learner's first views or visitor
 * hashes just changed (rollup_changed_views, rollup_new_links), and counts the enrolments of their
 * course days again by source.
 */
async function decideEnrolmentSources(tx: Tx) {
  await tx.execute(sql`create temp table rollup_enrol_days (course_id uuid, day date) on commit drop`);
  await tx.execute(sql`
    with affected as (
      select s.event_id from analytics_enrolment_sources s where s.source is null
      union
      select s.event_id from rollup_changed_views v join analytics_enrolment_sources s
        on s.course_id = v.course_id and s.day = v.day and s.learner = v.learner
      where v.learner <> ''
      union
      select s.event_id from rollup_changed_views v join analytics_enrolment_sources s
        on s.course_id = v.course_id and s.day = v.day and s.visitor = v.visitor
      where v.learner = ''
      union
      select s.event_id from rollup_changed_views v
      join analytics_visitor_links k on k.day = v.day and k.visitor = v.visitor
      join analytics_enrolment_sources s on s.course_id = v.course_id and s.day = v.day and s.learner = k.learner
      where v.learner = ''
      union
      select s.event_id from rollup_new_links k
      join analytics_enrolment_sources s on s.day = k.day and s.learner = k.learner
    ), enrolment as (
      select s.* from affected a join analytics_enrolment_sources s using (event_id)
    ), candidate as (
      -- Looked up per enrolment by the first views' key (at most one row: the limit keeps the planner
      -- from turning it into a join): as a busy day fills, its estimates of these tables fall behind,
      -- and it hashed all of the day's first views (millions) three times, ~4.5 s a minute at 2,000 events/s.
      select e.event_id, f.source, f.at, f.event_id as view_id from enrolment e
      cross join lateral (
        select * from analytics_first_views f
        where f.course_id = e.course_id and f.day = e.day and f.learner = e.learner and f.visitor = '' limit 1
      ) f
      union all
      select e.event_id, f.source, f.at, f.event_id from enrolment e
      cross join lateral (
        select * from analytics_first_views f
        where f.course_id = e.course_id and f.day = e.day and f.learner = '' and f.visitor = e.visitor limit 1
      ) f
      union all
      select e.event_id, f.source, f.at, f.event_id from enrolment e
      join analytics_visitor_links k on k.day = e.day and k.learner = e.learner
      cross join lateral (
        select * from analytics_first_views f
        where f.course_id = e.course_id and f.day = e.day and f.learner = '' and f.visitor = k.visitor limit 1
      ) f
    ), first as (
      select distinct on (event_id) event_id, source from candidate order by event_id, at, view_id
    ), decided as (
      update analytics_enrolment_sources s set source = coalesce(f.source, '(direct)')
      from enrolment e left join first f on f.event_id = e.event_id
      where s.event_id = e.event_id and s.source is distinct from coalesce(f.source, '(direct)')
      returning s.course_id, s.day
    )
    insert into rollup_enrol_days select distinct course_id, day from decided`);
  await tx.execute(sql`analyze rollup_enrol_days`);

  // The enrolments of the course days whose enrolments changed, counted again by source.
  await tx.execute(sql`
    update analytics_source_daily t set enrolments = 0 from rollup_enrol_days d
    where t.course_id = d.course_id and t.day = d.day and t.enrolments <> 0`);
  await tx.execute(sql`
    insert into analytics_source_daily as t (course_id, day, source, page_views, enrolments)
    select s.course_id, s.day, s.source, 0, count(*)
    from analytics_enrolment_sources s join rollup_enrol_days d on d.course_id = s.course_id and d.day = s.day
    group by 1, 2, 3
    on conflict (course_id, day, source) do update set enrolments = excluded.enrolments`);
  await tx.execute(sql`
    delete from analytics_source_daily t using rollup_enrol_days d
    where t.course_id = d.course_id and t.day = d.day and t.page_views = 0 and t.enrolments = 0`);
}

/**
 * The overviews' rows of the slice's days, summed from the course and source rows: every course
 * together, an educator's courses together (their owner now), and every course's sources.
 */
async function rollupOverviews(tx: Tx) {
  const figures = sql.raw(`sum(page_views), sum(unique_visitors), sum(checkouts), sum(enrolments), sum(revenue),
    sum(refunds), sum(seconds_watched), sum(active_learners), sum(completions)`);
  const columns = sql.raw(`page_views, unique_visitors, checkouts, enrolments, revenue, refunds, seconds_watched,
    active_learners, completions`);
  for (const table of [
    'analytics_site_daily',
    'analytics_educator_daily',
    'analytics_educator_source_daily',
    'analytics_site_source_daily',
  ])
    await tx.execute(sql`delete from ${sql.identifier(table)} where day in ${sliceDays}`);
  await tx.execute(sql`
    insert into analytics_site_daily (day, ${columns})
    select day, ${figures} from analytics_course_daily where day in ${sliceDays} group by day`);
  await tx.execute(sql`
    insert into analytics_educator_daily (educator_id, day, ${columns})
    select c.creator_id, d.day, ${figures}
    from analytics_course_daily d join courses c on c.id = d.course_id
    where d.day in ${sliceDays}
    group by 1, 2`);
  await tx.execute(sql`
    insert into analytics_educator_source_daily (educator_id, day, source, page_views, enrolments)
    select c.creator_id, d.day, d.source, sum(d.page_views), sum(d.enrolments)
    from analytics_source_daily d join courses c on c.id = d.course_id
    where d.day in ${sliceDays}
    group by 1, 2, 3`);
  await tx.execute(sql`
    insert into analytics_site_source_daily (day, source, page_views, enrolments)
    select day, source, sum(page_views), sum(enrolments) from analytics_source_daily
    where day in ${sliceDays}
    group by 1, 2`);
}

/**
 * Adds the slice's heartbeats to their lecture viewers (learner pseudonym, else the day's visitor
 * hash), in time order: the furthest position, the seconds watched, and the 5 % parts of the lecture
 * they skipped back into — a heartbeat behind the previous one (by more than a second) marks every
 * part from it up to the previous position. A viewer's first new heartbeat is compared with the last
 * one counted (`last_position`), so only the new ones are read. When one of them is older than that
 * (it arrived late: a pending range) or the row has no last heartbeat (older rows), the viewer is
 * counted again from all their heartbeats, so the order is always time order.
 * The parts are of the lecture's measured length, else of the furthest position any viewer reached.
 */
async function rollupViewers(tx: Tx) {
  // The slice's heartbeats, and each of their viewers with what is counted of them and whether their
  // first new heartbeat (so every one) comes after the last one counted (a new viewer: none is). Tables
  // the planner measures: the next statement's joins are planned on their true sizes (a run has
  // thousands of viewers, almost all of whom just add).
  await tx.execute(sql`
    create temp table rollup_heartbeats on commit drop as
    select b.id, b.at, b.lecture_id, coalesce(b.learner, b.visitor) as viewer, b.position,
      coalesce(b.duration, ${beat}) as dur
    from rollup_batch b
    where b.type = 'heartbeat' and b.lecture_id is not null and coalesce(b.learner, b.visitor) is not null`);
  await tx.execute(sql`analyze rollup_heartbeats`);
  await tx.execute(sql`
    create temp table rollup_viewers on commit drop as
    select f.lecture_id, f.viewer, v.furthest, v.watched, v.rewatched, v.last_position,
      v.lecture_id is null or (v.last_id is not null and (f.at, f.id) > (v.last_at, v.last_id)) as adds
    from (
      select distinct on (lecture_id, viewer) lecture_id, viewer, at, id
      from rollup_heartbeats
      order by lecture_id, viewer, at, id
    ) f
    left join analytics_lecture_viewers v on v.lecture_id = f.lecture_id and v.viewer = f.viewer`);
  await tx.execute(sql`analyze rollup_viewers`);
  await tx.execute(sql`
    insert into analytics_lecture_viewers
      (lecture_id, viewer, course_id, furthest, watched, rewatched, last_at, last_position, last_id)
    with slice_furthest as (
      select lecture_id, max(position) as furthest from rollup_heartbeats group by 1
    ), lens as (
      -- For a lecture without a measured length, the furthest position seen: the viewers' furthest
      -- so far and the slice's (not every heartbeat of a popular lecture again).
      select f.lecture_id, l.course_id, coalesce(l.duration_seconds, greatest(
        (select max(v.furthest) from analytics_lecture_viewers v where v.lecture_id = f.lecture_id), f.furthest
      )) as d
      from slice_furthest f
      left join lectures l on l.id = f.lecture_id
    ), hb as (
      -- A viewer who adds: their new heartbeats, the first compared with the last counted, and what is
      -- counted of them (counted_*); a viewer counted again: all their heartbeats, nothing counted.
      select f.lecture_id, f.viewer, f.id, f.at, f.position, f.dur,
        lag(f.position, 1, t.last_position) over (partition by f.lecture_id, f.viewer order by f.at, f.id) as prev,
        t.furthest as counted_furthest, t.watched as counted_watched, t.rewatched as counted_rewatched
      from rollup_heartbeats f
      join rollup_viewers t on t.lecture_id = f.lecture_id and t.viewer = f.viewer and t.adds
      union all
      select e.lecture_id, t.viewer, e.id, e.at, e.position, coalesce(e.duration, ${beat}),
        lag(e.position) over (partition by e.lecture_id, t.viewer order by e.at, e.id), null, null, null
      from rollup_viewers t
      join analytics_events e on e.type = 'heartbeat' and e.lecture_id = t.lecture_id
        and coalesce(e.learner, e.visitor) = t.viewer
      where not t.adds
    ), parts as (
      -- In float8 with a small epsilon: positions are float4, and 20 s of 100 s must be 4 twentieths, not 4.0000001.
      select hb.*, lens.course_id,
        case when hb.prev is not null and hb.position < hb.prev - 1 and lens.d > 0 then
          least(19, greatest(0, floor(hb.position::float8 / lens.d::float8 * 20 + 1e-9)))::int
        end as lo,
        case when hb.prev is not null and hb.position < hb.prev - 1 and lens.d > 0 then
          least(19, greatest(0, ceil(least(hb.prev, lens.d)::float8 / lens.d::float8 * 20 - 1e-9) - 1))::int
        end as hi
      from hb join lens on lens.lecture_id = hb.lecture_id
    )
    select lecture_id, viewer, max(course_id::text)::uuid,
      greatest(coalesce(max(position), 0), max(counted_furthest)),
      sum(dur) + coalesce(max(counted_watched), 0),
      coalesce(bit_or(case when lo is not null then (1 << (greatest(lo, hi) + 1)) - (1 << lo) end), 0)
        | coalesce(max(counted_rewatched), 0),
      max(at), (array_agg(position order by at desc, id desc))[1], (array_agg(id order by at desc, id desc))[1]
    from parts
    group by lecture_id, viewer
    on conflict (lecture_id, viewer) do update set
      course_id = excluded.course_id, furthest = excluded.furthest, watched = excluded.watched,
      rewatched = excluded.rewatched, last_at = excluded.last_at, last_position = excluded.last_position,
      last_id = excluded.last_id`);
}

/**
 * Deletes raw events older than ANALYTICS_RETENTION_DAYS, and the lecture viewers (pseudonymous
 * rows) not seen since; the daily tables hold only counts and stay. What the rollup keeps of a day
 * goes once the day is over and the next one too (no event is stamped with a past day).
 * Answers the events removed.
 */
export async function sweep(db: Db, retentionDays: number, now: Date) {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  const events = await db.execute(sql`delete from analytics_events where at < ${cutoff}::timestamptz`);
  await db.execute(sql`delete from analytics_lecture_viewers where last_at < ${cutoff}::timestamptz`);
  const yesterday = addDays(indiaDay(now), -1);
  for (const table of DAY_STATE)
    await db.execute(sql`delete from ${sql.identifier(table)} where day < ${yesterday}::date`);
  return (
    (events as { rowCount?: number | null; affectedRows?: number }).rowCount ??
    (events as { affectedRows?: number }).affectedRows ??
    0
  );
}
