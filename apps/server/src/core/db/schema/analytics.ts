import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

const count = (name: string) => integer(name).notNull().default(0);
const paise = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
/** Seconds watched: the heartbeats' durations (fractional), added run by run and rounded when shown. */
const seconds = (name: string) => doublePrecision(name).notNull().default(0);

/**
 * Raw analytics events (modules/analytics, issue #33), written in batches from an in-memory buffer
 * and swept after ANALYTICS_RETENTION_DAYS. Nothing here says who someone is: `visitor` is a keyed
 * hash of (IP, user agent, India day) that changes every day, `learner` a keyed hash of the user id;
 * no IP, user id or user agent is stored. Course and lecture ids are not foreign keys: the web app
 * sends them, a deleted course keeps its history until the sweep, and an insert must never fail a
 * whole batch. Reports never read this table (the rollup tables below), except that the rollup job
 * reads the events new since its last run (and the lecture viewers' heartbeats).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    /** Insertion order: the rollup job's watermark. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** One of contracts' ANALYTICS_EVENT_TYPES (client and server events). */
    type: text('type').notNull(),
    /** Daily rotating visitor hash (base64url); null when the request had no client (webhooks, jobs). */
    visitor: text('visitor'),
    /** Learner pseudonym (base64url keyed hash of the user id); null for a visitor who is not signed in. */
    learner: text('learner'),
    courseId: uuid('course_id'),
    lectureId: uuid('lecture_id'),
    /** Seconds into the lecture (heartbeat), or a search result's rank (search_open, 1 = first). */
    position: real('position'),
    /** Seconds of playback since the previous heartbeat. */
    duration: real('duration'),
    /** Host of the referring page (course_view), never the full URL. */
    referrerHost: text('referrer_host'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** The HLS rendition playing (heartbeat). */
    rendition: text('rendition'),
    /** purchase / refund: the amount in paise. */
    amount: bigint('amount', { mode: 'number' }),
    /**
     * What else an event type carries (small): quiz_attempt `{quizId, passed, wrong: [question
     * indices]}`; search `{query, results, …}` as modules/search writes it; certificate_claim none.
     */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('analytics_events_at_idx').on(t.at),
    // The rollup job recomputes a lecture viewer from all their heartbeats.
    index('analytics_events_heartbeat_idx')
      .on(t.lectureId, sql`coalesce(${t.learner}, ${t.visitor})`, t.at)
      .where(sql`${t.type} = 'heartbeat'`),
  ],
);

/** Per course and India day: the figures of the course report, added to by the rollup job run by run. */
export const analyticsCourseDaily = pgTable(
  'analytics_course_daily',
  {
    courseId: uuid('course_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    pageViews: count('page_views'),
    uniqueVisitors: count('unique_visitors'),
    checkouts: count('checkouts'),
    enrolments: count('enrolments'),
    revenue: paise('revenue'),
    refunds: paise('refunds'),
    secondsWatched: seconds('seconds_watched'),
    activeLearners: count('active_learners'),
    completions: count('completions'),
  },
  (t) => [
    primaryKey({ name: 'analytics_course_daily_pkey', columns: [t.courseId, t.day] }),
    index('analytics_course_daily_day_idx').on(t.day),
  ],
);

/** Per India day, every course together: the admin's overview without adding up every course. */
export const analyticsSiteDaily = pgTable('analytics_site_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  pageViews: count('page_views'),
  uniqueVisitors: count('unique_visitors'),
  checkouts: count('checkouts'),
  enrolments: count('enrolments'),
  revenue: paise('revenue'),
  refunds: paise('refunds'),
  secondsWatched: seconds('seconds_watched'),
  activeLearners: count('active_learners'),
  completions: count('completions'),
});

/**
 * Per educator and India day: their courses' figures together (the educator's overview without
 * adding up hundreds of courses). Recomputed from the course rows of a day when the day changes,
 * for the courses' owners at that time.
 */
export const analyticsEducatorDaily = pgTable(
  'analytics_educator_daily',
  {
    educatorId: uuid('educator_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    pageViews: count('page_views'),
    uniqueVisitors: count('unique_visitors'),
    checkouts: count('checkouts'),
    enrolments: count('enrolments'),
    revenue: paise('revenue'),
    refunds: paise('refunds'),
    secondsWatched: seconds('seconds_watched'),
    activeLearners: count('active_learners'),
    completions: count('completions'),
  },
  (t) => [primaryKey({ name: 'analytics_educator_daily_pkey', columns: [t.educatorId, t.day] })],
);

/** Per educator, day and source: `analyticsSourceDaily` of their courses together. */
export const analyticsEducatorSourceDaily = pgTable(
  'analytics_educator_source_daily',
  {
    educatorId: uuid('educator_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    pageViews: count('page_views'),
    enrolments: count('enrolments'),
  },
  // By day too: each rollup run sums and replaces the rows of its days (issue #33).
  (t) => [
    primaryKey({ name: 'analytics_educator_source_daily_pkey', columns: [t.educatorId, t.day, t.source] }),
    index('analytics_educator_source_daily_day_idx').on(t.day),
  ],
);

/** Per day and source, every course together (the admin's overview). */
export const analyticsSiteSourceDaily = pgTable(
  'analytics_site_source_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    pageViews: count('page_views'),
    enrolments: count('enrolments'),
  },
  (t) => [primaryKey({ name: 'analytics_site_source_daily_pkey', columns: [t.day, t.source] })],
);

/** Per course, day and traffic source (utm_source, else referrer host, else '(direct)'). */
export const analyticsSourceDaily = pgTable(
  'analytics_source_daily',
  {
    courseId: uuid('course_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    pageViews: count('page_views'),
    enrolments: count('enrolments'),
  },
  // By day too: each rollup run sums and replaces the rows of its days (issue #33).
  (t) => [
    primaryKey({ name: 'analytics_source_daily_pkey', columns: [t.courseId, t.day, t.source] }),
    index('analytics_source_daily_day_idx').on(t.day),
  ],
);

/** Per quiz and day: graded attempts and passes; `analyticsQuizQuestionDaily` the wrong answers. */
export const analyticsQuizDaily = pgTable(
  'analytics_quiz_daily',
  {
    quizId: uuid('quiz_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    courseId: uuid('course_id').notNull(),
    attempts: count('attempts'),
    passes: count('passes'),
  },
  (t) => [
    primaryKey({ name: 'analytics_quiz_daily_pkey', columns: [t.quizId, t.day] }),
    index('analytics_quiz_daily_course_day_idx').on(t.courseId, t.day),
  ],
);

/** Per quiz, day and question (0 = the first): attempts that answered it wrong. */
export const analyticsQuizQuestionDaily = pgTable(
  'analytics_quiz_question_daily',
  {
    quizId: uuid('quiz_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    question: smallint('question').notNull(),
    wrong: count('wrong'),
  },
  (t) => [primaryKey({ name: 'analytics_quiz_question_daily_pkey', columns: [t.quizId, t.day, t.question] })],
);

/**
 * Per lecture and viewer (learner pseudonym, else the day's visitor hash): how far they got, how
 * long they watched, and which 5 % parts they skipped back into (bit k = the part from k × 5 %). The
 * retention curve is counted from these rows. The rollup job adds a viewer's new heartbeats to their
 * row, the first one compared with the last counted (`last_position`); when a new one is older than
 * that (`last_at`, `last_id`: it arrived late) the row is counted again from all their heartbeats.
 * Swept with the events (`last_at`).
 */
export const analyticsLectureViewers = pgTable(
  'analytics_lecture_viewers',
  {
    lectureId: uuid('lecture_id').notNull(),
    viewer: text('viewer').notNull(),
    courseId: uuid('course_id'),
    /** Furthest position reached, seconds. */
    furthest: real('furthest').notNull(),
    /** Seconds watched (the heartbeats' durations). */
    watched: real('watched').notNull(),
    /** Bit k set: skipped back into the part from k × 5 % of the lecture. */
    rewatched: integer('rewatched').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    /** The last counted heartbeat (by time, then id): its position and id. Null: count again from all. */
    lastPosition: real('last_position'),
    lastId: bigint('last_id', { mode: 'number' }),
  },
  // No index but the key: each run updates tens of thousands of rows, and with no other index an update
  // that finds room in its page (fillfactor 75, migration 0040) writes no index entry (a HOT update).
  // The daily sweep reads the table once instead (issue #33).
  (t) => [primaryKey({ name: 'analytics_lecture_viewers_pkey', columns: [t.lectureId, t.viewer] })],
);

/**
 * The rollup job's place (one row). Every event with `id <= last_id` has been counted once, except
 * the ids in `pending`: ranges `[lo, hi]` not visible when they were read (a batch still being
 * written, or one rolled back), read again at each run until found or `since` (ms) is
 * ROLLUP_PENDING_SECONDS old. `before_id`: the last run's `last_id`.
 */
export const analyticsRollupState = pgTable(
  'analytics_rollup_state',
  {
    id: smallint('id').primaryKey(),
    beforeId: bigint('before_id', { mode: 'number' }).notNull().default(0),
    lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
    pending: jsonb('pending').$type<{ lo: number; hi: number; since: number }[]>().notNull().default([]),
    rolledAt: timestamp('rolled_at', { withTimezone: true }),
  },
  (t) => [check('analytics_rollup_state_one_row', sql`${t.id} = 1`)],
);

/*
 * What the rollup keeps of the last days to count new events once, without reading a day's events
 * again (issue #33: at thousands of events a second, re-reading today every minute cannot keep up).
 * Rows of days before yesterday are swept with the raw events' sweep (only the current days receive
 * events: they are stamped when the server reads them).
 */

/** The visitors counted in a course's unique visitors of a day. */
export const analyticsCourseVisitors = pgTable(
  'analytics_course_visitors',
  {
    courseId: uuid('course_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [
    primaryKey({ name: 'analytics_course_visitors_pkey', columns: [t.courseId, t.day, t.visitor] }),
    index('analytics_course_visitors_day_idx').on(t.day),
  ],
);

/** The learners counted in a course's active learners of a day. */
export const analyticsCourseLearners = pgTable(
  'analytics_course_learners',
  {
    courseId: uuid('course_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    learner: text('learner').notNull(),
  },
  (t) => [
    primaryKey({ name: 'analytics_course_learners_pkey', columns: [t.courseId, t.day, t.learner] }),
    index('analytics_course_learners_day_idx').on(t.day),
  ],
);

/**
 * The first view of a course on a day by each learner signed in (`visitor` '') and by each visitor
 * signed in as nobody (`learner` ''): the view an enrolment's source is taken from.
 */
export const analyticsFirstViews = pgTable(
  'analytics_first_views',
  {
    courseId: uuid('course_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    learner: text('learner').notNull(),
    visitor: text('visitor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    source: text('source').notNull(),
  },
  (t) => [
    primaryKey({ name: 'analytics_first_views_pkey', columns: [t.courseId, t.day, t.learner, t.visitor] }),
    index('analytics_first_views_day_idx').on(t.day),
  ],
);

/** The visitor hashes a learner was signed in under on a day (a view, checkout or enrolment with both). */
export const analyticsVisitorLinks = pgTable(
  'analytics_visitor_links',
  {
    day: date('day', { mode: 'string' }).notNull(),
    learner: text('learner').notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [
    primaryKey({ name: 'analytics_visitor_links_pkey', columns: [t.day, t.learner, t.visitor] }),
    index('analytics_visitor_links_visitor_idx').on(t.day, t.visitor),
  ],
);

/** Each enrolment of the last days with the source it counts for (changed when an earlier view arrives). */
export const analyticsEnrolmentSources = pgTable(
  'analytics_enrolment_sources',
  {
    eventId: bigint('event_id', { mode: 'number' }).primaryKey(),
    courseId: uuid('course_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    learner: text('learner'),
    visitor: text('visitor'),
    source: text('source'),
  },
  (t) => [
    index('analytics_enrolment_sources_course_day_idx').on(t.courseId, t.day),
    index('analytics_enrolment_sources_learner_idx').on(t.day, t.learner),
    index('analytics_enrolment_sources_visitor_idx').on(t.day, t.visitor),
  ],
);

/**
 * The HMAC key of visitor hashes and learner pseudonyms when ANALYTICS_SECRET is not set: made once
 * by the first instance that needs it and shared through the database, so pseudonyms stay the same
 * across restarts and instances. Deleting the row unlinks every later event from earlier ones.
 */
export const analyticsSecrets = pgTable('analytics_secrets', {
  id: smallint('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
