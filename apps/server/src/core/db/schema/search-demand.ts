import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { courses } from './courses.ts';

/**
 * What learners search for (issue #33): rollups of the `search` and `search_open` analytics events,
 * made by the search rollup (modules/search/search.demand.ts), so that neither the search-demand
 * report nor the click signal reads raw events. Learners appear only as the analytics pseudonym.
 */

/**
 * One row per AI search (a `search` event, by its id), with what happened after it: the courses the
 * learner opened from its results within an hour (`search_open` events), and those of them they
 * enrolled in within a week (`enrolment` events). Written by the search rollup from the events,
 * idempotently; the daily rollup below and the click evidence are made from it. Swept with the events.
 */
export const analyticsSearchLog = pgTable(
  'analytics_search_log',
  {
    eventId: bigint('event_id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** India day of `at`. */
    day: date('day', { mode: 'string' }).notNull(),
    learner: text('learner').notNull(),
    /** The query group's topic and click key, and the query as typed (lower case, spaces collapsed). */
    topic: text('topic').notNull(),
    key: text('key').notNull(),
    variant: text('variant').notNull(),
    label: text('label').notNull(),
    category: text('category').notNull().default(''),
    /** How many results the search answered. */
    results: integer('results').notNull(),
    /** The first results, best first (position = index + 1). */
    shown: uuid('shown').array().notNull(),
    /** Courses opened from these results, in the order opened; those enrolled in after. */
    opened: uuid('opened').array().notNull().default(sql`'{}'::uuid[]`),
    enrolled: uuid('enrolled').array().notNull().default(sql`'{}'::uuid[]`),
  },
  (t) => [
    index('analytics_search_log_learner_at_idx').on(t.learner, t.at),
    index('analytics_search_log_day_idx').on(t.day),
  ],
);

/**
 * Per India day, query group (`topic`, what the engine understood: modules/search/engine/search.clicks.ts),
 * learner and the text they typed (`variant`, lower case, spaces collapsed): their searches that day that
 * found nothing or none of whose results they opened. Recomputed whole for a day that received search
 * events. The report counts distinct learners over these rows.
 */
export const analyticsSearchDaily = pgTable(
  'analytics_search_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    topic: text('topic').notNull(),
    learner: text('learner').notNull(),
    variant: text('variant').notNull(),
    /** The query's catalogue category (the parser's, else its first result's); '' when none. */
    category: text('category').notNull().default(''),
    /** What the engine understood, readable (the concepts' phrases). */
    label: text('label').notNull(),
    /** Searches that found nothing or nothing opened. */
    searches: integer('searches').notNull().default(0),
    /** Results those searches had, summed. */
    results: integer('results').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'analytics_search_daily_pkey', columns: [t.day, t.topic, t.learner, t.variant] }),
    index('analytics_search_daily_day_idx').on(t.day, t.category),
  ],
);

/**
 * The search-demand report's running counts (modules/search/search.demand.ts), made from
 * `analytics_search_daily` so that a range of any length is counted with a few index lookups per group
 * instead of by reading its learner-days. A *slice* is a group (`topic`) in a `scope` ('*' for every
 * category, else one catalogue category) at the group's level (`variant` '') or one typed form's.
 *
 * Distinct learners of a slice in [from, to] = its learners whose first day (`prev` null) is in the
 * range, read from `analytics_search_demand_totals` at `to` minus at the day before `from`, plus its
 * learner-days in the range whose previous day is before `from`. Rebuilt from a changed day onwards.
 */

/** The columns that name a slice (fresh builders for each table). */
const sliceColumns = () => ({
  scope: text('scope').notNull(),
  topic: text('topic').notNull(),
  variant: text('variant').notNull(),
});

/** One row per slice and learner-day; `prev`: the learner's previous day in that slice, null for the first. */
export const analyticsSearchDemandDays = pgTable(
  'analytics_search_demand_days',
  {
    ...sliceColumns(),
    learner: text('learner').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    prev: date('prev', { mode: 'string' }),
  },
  (t) => [
    primaryKey({
      name: 'analytics_search_demand_days_pkey',
      columns: [t.scope, t.topic, t.variant, t.learner, t.day],
    }),
    // The learner-days of a range that come back after a day before it (a learner's first day in the range).
    index('analytics_search_demand_days_returns_idx')
      .on(t.scope, t.day, t.prev, t.topic, t.variant)
      .where(sql`${t.prev} is not null`),
  ],
);

/**
 * Per slice and day with demand, the slice's counts from its first day to that day: learners whose
 * first day it was, searches, and their results. A range's figure is the row at its end minus the
 * row before its start (the latest row on or before each day).
 */
export const analyticsSearchDemandTotals = pgTable(
  'analytics_search_demand_totals',
  {
    ...sliceColumns(),
    day: date('day', { mode: 'string' }).notNull(),
    learners: integer('learners').notNull(),
    searches: bigint('searches', { mode: 'number' }).notNull(),
    results: bigint('results', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_search_demand_totals_pkey', columns: [t.scope, t.topic, t.variant, t.day] })],
);

/** Every slice with demand: its first and last days (the report skips those outside a range) and its label. */
export const analyticsSearchDemandSlices = pgTable(
  'analytics_search_demand_slices',
  {
    ...sliceColumns(),
    label: text('label').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_search_demand_slices_pkey', columns: [t.scope, t.topic, t.variant] })],
);

/**
 * The click signal's evidence: per query group with its constraints (`key`), course and learner, the
 * best position the course was shown at to that learner, whether they opened it from a search of the
 * group and whether they enrolled after. One row per learner however often they searched or clicked
 * (counted per unique learner); upserted by the search rollup, idempotently. `last_at`: when it was
 * last shown (the signal's window, the retention sweep).
 */
export const analyticsSearchClicks = pgTable(
  'analytics_search_clicks',
  {
    key: text('key').notNull(),
    courseId: uuid('course_id').notNull(),
    learner: text('learner').notNull(),
    shown: smallint('shown').notNull(),
    clicked: boolean('clicked').notNull().default(false),
    enrolled: boolean('enrolled').notNull().default(false),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'analytics_search_clicks_pkey', columns: [t.key, t.courseId, t.learner] }),
    // Attributing an open or an enrolment: this learner's recent exposures to this course.
    index('analytics_search_clicks_learner_idx').on(t.learner, t.courseId, t.lastAt),
    index('analytics_search_clicks_last_at_idx').on(t.lastAt),
  ],
);

/** The search rollup's place in analytics_events (one row), like the analytics rollup's own. */
export const analyticsSearchState = pgTable(
  'analytics_search_state',
  {
    id: smallint('id').primaryKey(),
    beforeId: bigint('before_id', { mode: 'number' }).notNull().default(0),
    lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
    /** The first day whose search-demand running counts must be rebuilt (null: they are up to date). */
    demandFrom: date('demand_from', { mode: 'string' }),
    rolledAt: timestamp('rolled_at', { withTimezone: true }),
  },
  (t) => [check('analytics_search_state_one_row', sql`${t.id} = 1`)],
);

/**
 * The click signal the engine reads (modules/search/engine/search.clicks.ts): per query group key and
 * course, its score 0…1, recomputed from `analytics_search_clicks` by the search-learning job and
 * replaced whole. Empty: the engine ranks exactly as without it.
 */
export const searchClickSignal = pgTable(
  'search_click_signal',
  {
    key: text('key').notNull(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
    learners: integer('learners').notNull(),
    clickers: integer('clickers').notNull(),
  },
  (t) => [primaryKey({ name: 'search_click_signal_pkey', columns: [t.key, t.courseId] })],
);
