import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';

/**
 * The search-demand report's daily rows and running counts (schema/search-demand.ts), kept by the search
 * rollup (search.demand.ts) in step with the search log: rebuilt from a changed day on, or — in the
 * common case, a run that changed only the last day there is (today, as the day fills) — updated for
 * the learners the run touched alone. Both leave the same rows (search.demand.counts.test.ts).
 */

/** Learner-days rebuilt at once from which the running counts' tables are analyzed again. */
const ANALYZE_AFTER_ROWS = 50_000;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Rows (`alias`) of the (topic, learner) pairs in the temporary table `touched`, or every row without one. */
const touchedBy = (alias: string, touched?: string) =>
  touched ? sql.raw(` and (${alias}.topic, ${alias}.learner) in (select topic, learner from ${touched})`) : sql``;

/**
 * Recomputes the daily demand rows of `day` from the search log (the day's searches, by its index): all
 * of them, or those of the (topic, learner) pairs in the temporary table `touched`.
 */
export async function rollupDay(tx: DbOrTx, day: string, touched?: string) {
  await tx.execute(sql`
    delete from analytics_search_daily d where d.day = ${day}::date ${touchedBy('d', touched)}`);
  await tx.execute(sql`
    insert into analytics_search_daily (day, topic, learner, variant, category, label, searches, results)
    select l.day, l.topic, l.learner, l.variant, max(l.category), max(l.label), count(*), sum(l.results)
    from analytics_search_log l
    where l.day = ${day}::date and cardinality(l.opened) = 0 ${touchedBy('l', touched)}
    group by l.day, l.topic, l.learner, l.variant`);
}

/**
 * Daily demand rows (analytics_search_daily as `d`, with `where`), each counted in its slices: in every
 * category ('*') and in its own, for its group ('') and for the form typed.
 */
const demandRows = (where: SQL) => sql`
  select s.scope, d.topic, v.variant, d.learner, d.day, d.label, d.searches, d.results
  from analytics_search_daily d
  cross join lateral (values ('*'), (d.category)) as s(scope)
  cross join lateral (select '' union all select d.variant where d.variant <> '') as v(variant)
  where ${where}`;

/** The slice's columns of `a` and `b` are equal. */
const slice = (a: string, b: string) =>
  `${a}.scope = ${b}.scope and ${a}.topic = ${b}.topic and ${a}.variant = ${b}.variant`;
const sameSlice = (a: string, b: string) => sql.raw(slice(a, b));

/** The learner-days (`p`) of a slice and learner (`x`). */
const learnerDays = (x: string) =>
  sql.raw(`analytics_search_demand_days p where ${slice('p', x)} and p.learner = ${x}.learner`);

/** Adds the slices of the demand rows in `rows` (a temporary table), or widens their days. */
async function upsertSlices(tx: DbOrTx, rows: string) {
  // A slice's last day may stay after its rows there are gone: the report only skips slices by it.
  await tx.execute(sql`
    insert into analytics_search_demand_slices (scope, topic, variant, label, first_day, last_day)
    select scope, topic, variant, max(label), min(day), max(day) from ${sql.raw(rows)} group by 1, 2, 3
    on conflict (scope, topic, variant) do update
      set label = greatest(analytics_search_demand_slices.label, excluded.label),
          first_day = least(analytics_search_demand_slices.first_day, excluded.first_day),
          last_day = greatest(analytics_search_demand_slices.last_day, excluded.last_day)`);
}

/**
 * Rebuilds the search-demand running counts of the days from `from` on (the days before it keep
 * theirs): each learner-day with the learner's previous day in its slice, then each slice's running
 * counts (continuing its last row before `from`), then the slices' first and last days.
 */
export async function rebuildDemandCounts(tx: DbOrTx, from: string) {
  await tx.execute(sql`delete from analytics_search_demand_days where day >= ${from}::date`);
  await tx.execute(sql`delete from analytics_search_demand_totals where day >= ${from}::date`);
  // The daily rows are read once into their slices. The new rows are made in temporary tables, then
  // inserted: a statement that inserts into the table it looks up finds a slice's earlier rows behind
  // those it has just inserted (invisible to it, but walked over by the index scan): minutes for a
  // year's rows instead of seconds.
  await tx.execute(sql`
    create temp table demand_rows_new on commit drop as
    ${demandRows(sql`d.day >= ${from}::date`)}`);
  await tx.execute(sql`
    create temp table demand_days_new on commit drop as
    select x.scope, x.topic, x.variant, x.learner, x.day,
      coalesce(
        lag(x.day) over (partition by x.scope, x.topic, x.variant, x.learner order by x.day),
        (select max(p.day) from ${learnerDays('x')})) as prev
    from (select distinct scope, topic, variant, learner, day from demand_rows_new) x`);
  await tx.execute(sql`
    create temp table demand_totals_new on commit drop as
    select x.scope, x.topic, x.variant, x.day,
      coalesce(b.learners, 0) + sum(coalesce(f.n, 0)) over w as learners,
      coalesce(b.searches, 0) + sum(x.searches) over w as searches,
      coalesce(b.results, 0) + sum(x.results) over w as results
    from (
      select scope, topic, variant, day, sum(searches) as searches, sum(results) as results
      from demand_rows_new group by 1, 2, 3, 4
    ) x
    left join (
      select scope, topic, variant, day, count(*) as n from demand_days_new where prev is null group by 1, 2, 3, 4
    ) f on ${sameSlice('f', 'x')} and f.day = x.day
    left join lateral (
      select t.learners, t.searches, t.results from analytics_search_demand_totals t
      where ${sameSlice('t', 'x')}
      order by t.day desc limit 1
    ) b on true
    window w as (partition by x.scope, x.topic, x.variant order by x.day)`);
  await tx.execute(sql`insert into analytics_search_demand_days select * from demand_days_new`);
  await tx.execute(sql`insert into analytics_search_demand_totals select * from demand_totals_new`);
  const [made] = rowsOf<{ n: string | number }>(await tx.execute(sql`select count(*) as n from demand_days_new`));
  await upsertSlices(tx, 'demand_rows_new');
  await tx.execute(sql`drop table demand_rows_new, demand_days_new, demand_totals_new`);
  // After a build of many days (the first, or after the migration) the planner learns the tables'
  // sizes at once: with none, it rescans the range's returning learners once per group (seconds).
  if (Number(made?.n ?? 0) >= ANALYZE_AFTER_ROWS)
    await tx.execute(
      sql`analyze analytics_search_demand_days, analytics_search_demand_totals, analytics_search_demand_slices`,
    );
}

/**
 * Updates the daily demand rows of `day` and the running counts for the (topic, learner) pairs in
 * `touched` (a temporary table of the run's changed searches), when `day` is the last day with demand:
 * no learner-day comes after it, so no other row depends on these. Its cost is the run's learners, not
 * the day's (rebuilding today's counts every minute grew with the day: 8.1–8.3 s for a minute late on
 * the bench's busy day, 2.7 s with this). Each slice's row of `day` is its row before plus what
 * changed: the searches and results of the touched learners' daily rows after against before, and their
 * first days (`prev` null) gained or lost. A row left with no searches of that day is removed (each
 * daily row has at least one search).
 */
export async function updateLastDayDemand(tx: DbOrTx, day: string, touched: string) {
  const touchedRows = () => demandRows(sql`d.day = ${day}::date ${touchedBy('d', touched)}`);
  await tx.execute(sql`create temp table demand_old on commit drop as ${touchedRows()}`);
  await rollupDay(tx, day, touched);
  await tx.execute(sql`create temp table demand_new on commit drop as ${touchedRows()}`);
  await tx.execute(sql`analyze demand_old, demand_new`);

  // The touched learner-days: those there were (with their previous day), removed; those there are, added.
  await tx.execute(sql`
    create temp table days_old on commit drop as
    select p.scope, p.topic, p.variant, p.learner, p.prev
    from (select distinct scope, topic, variant, learner from demand_old) o
    join analytics_search_demand_days p on ${sameSlice('p', 'o')} and p.learner = o.learner and p.day = ${day}::date`);
  await tx.execute(sql`
    delete from analytics_search_demand_days p using days_old o
    where ${sameSlice('p', 'o')} and p.learner = o.learner and p.day = ${day}::date`);
  await tx.execute(sql`
    create temp table days_new on commit drop as
    select x.scope, x.topic, x.variant, x.learner, ${day}::date as day, (select max(p.day) from ${learnerDays('x')}) as prev
    from (select distinct scope, topic, variant, learner from demand_new) x`);
  await tx.execute(sql`insert into analytics_search_demand_days select * from days_new`);

  // Each touched slice's row of the day: the row before it plus the day's figures after the change.
  await tx.execute(sql`
    create temp table totals_next on commit drop as
    select x.scope, x.topic, x.variant,
      coalesce(c.learners, b.learners, 0) + x.learners as learners,
      coalesce(c.searches, b.searches, 0) + x.searches as searches,
      coalesce(c.results, b.results, 0) + x.results as results,
      coalesce(b.searches, 0) as searches_before
    from (
      select scope, topic, variant, sum(s) as searches, sum(r) as results, sum(l) as learners from (
        select scope, topic, variant, searches as s, results as r, 0 as l from demand_new
        union all select scope, topic, variant, -searches, -results, 0 from demand_old
        union all select scope, topic, variant, 0, 0, 1 from days_new where prev is null
        union all select scope, topic, variant, 0, 0, -1 from days_old where prev is null
      ) y group by 1, 2, 3
    ) x
    left join analytics_search_demand_totals c on ${sameSlice('c', 'x')} and c.day = ${day}::date
    left join lateral (
      select t.learners, t.searches, t.results from analytics_search_demand_totals t
      where ${sameSlice('t', 'x')} and t.day < ${day}::date
      order by t.day desc limit 1
    ) b on true`);
  await tx.execute(sql`
    delete from analytics_search_demand_totals t using totals_next n
    where ${sameSlice('t', 'n')} and t.day = ${day}::date`);
  await tx.execute(sql`
    insert into analytics_search_demand_totals (scope, topic, variant, day, learners, searches, results)
    select scope, topic, variant, ${day}::date, learners, searches, results from totals_next
    where searches <> searches_before`);
  await upsertSlices(tx, 'demand_new');
  await tx.execute(sql`drop table demand_old, demand_new, days_old, days_new, totals_next`);
}
