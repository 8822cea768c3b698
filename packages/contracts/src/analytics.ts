import { z } from 'zod';
import { CATEGORIES } from './courses.ts';
import { schema, text } from './define.ts';

/**
 * Course analytics (issue #33): the events the web app sends, and the educators' reports. Privacy
 * first: no event carries who someone is. The server turns the request into a visitor hash that
 * rotates daily and a learner pseudonym, never stores an IP address, and records nothing for a
 * request with `DNT: 1` or `Sec-GPC: 1` (docs/analytics.md).
 */

/** At most this many events per `POST /api/events`; more answers 400. */
export const ANALYTICS_BATCH_MAX = 50;
/** Longest report range a request may ask for, in days (both ends included). */
export const ANALYTICS_MAX_RANGE_DAYS = 400;
/** The player sends a `heartbeat` every this many seconds of playback. */
export const ANALYTICS_HEARTBEAT_SECONDS = 15;
/** Smallest search-demand group shown: fewer learners could identify someone's search. */
export const SEARCH_DEMAND_MIN_LEARNERS = 5;

/** Events the web app sends. The server records the others itself (`ANALYTICS_SERVER_EVENT_TYPES`). */
export const ANALYTICS_CLIENT_EVENT_TYPES = [
  /** A course page shown (with the referrer's host and `utm_*` of the landing URL). */
  'course_view',
  /** The checkout opened on a course page. */
  'checkout_open',
  /** A lecture's video started. */
  'lecture_play',
  /** Every 15 s of playback: lecture, `position` (s), `duration` watched since the last one (s), `rendition`. */
  'heartbeat',
  /** A course opened from AI search results (`courseId`; `position` its rank, 1 = first). */
  'search_open',
] as const;
export type AnalyticsClientEventType = (typeof ANALYTICS_CLIENT_EVENT_TYPES)[number];

/**
 * Events only the server records (through `modules/analytics/analytics.service.ts`): an enrolment
 * (free or paid), a captured payment (`amount` in paise), a refund (`amount` in paise), a graded quiz
 * attempt, a certificate claim, an AI search (query and result count in the payload).
 */
export const ANALYTICS_SERVER_EVENT_TYPES = [
  'enrolment',
  'purchase',
  'refund',
  'quiz_attempt',
  'certificate_claim',
  'search',
] as const;
export type AnalyticsServerEventType = (typeof ANALYTICS_SERVER_EVENT_TYPES)[number];

export const ANALYTICS_EVENT_TYPES = [...ANALYTICS_CLIENT_EVENT_TYPES, ...ANALYTICS_SERVER_EVENT_TYPES] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

// Any id the database's uuid type holds (as the catalogue's `creator`): imported or seeded ids need
// not carry an RFC 4122 version, and their pages are viewed all the same.
const uuidField = (name: string) => z.guid({ error: `${name} must be an id` });
const seconds = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a number of seconds` })
    .min(0, `${name} must not be negative`)
    .max(max, `${name} must be at most ${max} seconds`);
const short = (label: string, max: number) =>
  text(label, { trim: true }).max(max, `${label} must be ${max} characters or fewer`);

/** One event the web app sends. Which ids an event needs depends on its type (refined below). */
export const analyticsEventSchema = schema(() =>
  z
    .object({
      type: z.enum(ANALYTICS_CLIENT_EVENT_TYPES, {
        error: `type must be one of ${ANALYTICS_CLIENT_EVENT_TYPES.join(', ')}`,
      }),
      courseId: uuidField('courseId').optional(),
      lectureId: uuidField('lectureId').optional(),
      /** Seconds into the lecture (heartbeat), or the result's rank in a search (search_open, 1 = first). */
      position: seconds('position', 24 * 3600).optional(),
      /** Seconds of playback since the previous heartbeat (15 normally). */
      duration: seconds('duration', 600).optional(),
      /** `document.referrer` (or its host): only the host is kept. */
      referrer: short('referrer', 2048).optional(),
      utmSource: short('utmSource', 100).optional(),
      utmMedium: short('utmMedium', 100).optional(),
      utmCampaign: short('utmCampaign', 100).optional(),
      /** The HLS rendition playing (heartbeat), e.g. `720p`, or `original`. */
      rendition: short('rendition', 20).optional(),
    })
    .superRefine((event, ctx) => {
      const needsCourse =
        event.type === 'course_view' || event.type === 'checkout_open' || event.type === 'search_open';
      if (needsCourse && !event.courseId)
        ctx.addIssue({ code: 'custom', path: ['courseId'], message: `A ${event.type} event needs courseId` });
      const needsLecture = event.type === 'lecture_play' || event.type === 'heartbeat';
      if (needsLecture && !event.lectureId)
        ctx.addIssue({ code: 'custom', path: ['lectureId'], message: `A ${event.type} event needs lectureId` });
      if (event.type === 'heartbeat' && event.position === undefined)
        ctx.addIssue({ code: 'custom', path: ['position'], message: 'A heartbeat needs position' });
    }),
);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/**
 * `POST /api/events`: a batch from the web app (sent with `sendBeacon` when the page is hidden, or
 * every so often), at most `ANALYTICS_BATCH_MAX` events, signed in or not. Answered 202 at once
 * with `{accepted}`: the events are buffered and written in batches (nothing when the request says
 * `DNT: 1` or `Sec-GPC: 1`: then `accepted` is 0).
 */
export const analyticsEventsRequestSchema = schema(() =>
  z.object({
    events: z
      .array(analyticsEventSchema, { error: 'events must be a list' })
      .min(1, 'events must hold at least one event')
      .max(ANALYTICS_BATCH_MAX, `At most ${ANALYTICS_BATCH_MAX} events per request`),
  }),
);
export type AnalyticsEventsRequest = z.infer<typeof analyticsEventsRequestSchema>;

export const analyticsEventsResponseSchema = schema(() => z.object({ accepted: z.number().int() }));
export type AnalyticsEventsResponse = z.infer<typeof analyticsEventsResponseSchema>;

const dateQuery = (name: string) =>
  text(name)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date as YYYY-MM-DD`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${name} must be a real date`);
const formatQuery = () => z.enum(['json', 'csv'], { error: "format must be 'json' or 'csv'" }).default('json');

/**
 * `?from=&to=&format=` of the overview and course reports: days (India time, `YYYY-MM-DD`, both
 * included). Without `to`, today; without `from`, the 30 days up to `to`. `from` after `to`, a date in
 * the future or a range longer than `ANALYTICS_MAX_RANGE_DAYS` answers 400 (checked by the server).
 */
export const analyticsRangeQuerySchema = schema(() =>
  z.object({ from: dateQuery('from').optional(), to: dateQuery('to').optional(), format: formatQuery() }),
);
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

/** `GET /api/analytics/lecture/{lectureId}?format=`. */
export const lectureRetentionQuerySchema = schema(() => z.object({ format: formatQuery() }));

/** `?category=&from=&to=&format=` of `GET /api/analytics/search-demand`. */
export const searchDemandQuerySchema = schema(() =>
  z.object({
    category: z.enum(CATEGORIES, { error: 'category must be one of the catalogue categories' }).optional(),
    from: dateQuery('from').optional(),
    to: dateQuery('to').optional(),
    format: formatQuery(),
  }),
);
export type SearchDemandQuery = z.infer<typeof searchDemandQuerySchema>;

const figures = () => ({
  /** Course page views. */
  pageViews: z.number().int(),
  /** Distinct visitors of the day (a visitor hash rotates daily; summed over days and courses). */
  uniqueVisitors: z.number().int(),
  /** Checkouts opened. */
  checkouts: z.number().int(),
  /** Enrolments, free and paid. */
  enrolments: z.number().int(),
  /** enrolments / uniqueVisitors, 0..1 (0 without visitors). */
  conversion: z.number(),
  /** What learners paid, in rupees (GST included). */
  revenue: z.number(),
  /** What was refunded, in rupees. */
  refunds: z.number(),
  /** Minutes of lecture video watched (from the player's heartbeats). */
  minutesWatched: z.number(),
  /** Distinct learners who played, answered a quiz or claimed a certificate (per day; summed). */
  activeLearners: z.number().int(),
  /** Certificates claimed (a completed course). */
  completions: z.number().int(),
});

/**
 * `GET /api/analytics/overview` (the educator's courses together; an admin: every course) and
 * `GET /api/analytics/course/{courseId}`: one entry per day of the range (days without events
 * included, as zeros), their sums, where page views came from (`utm_source`, else the referrer's
 * host, else `(direct)`; an enrolment counts for the source of that visitor's view of the course
 * the same day), and each quiz's pass rate with its hardest questions.
 */
export const analyticsReportSchema = schema(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    days: z.array(z.object({ date: z.string(), ...figures() })),
    totals: z.object(figures()),
    sources: z.array(z.object({ source: z.string(), pageViews: z.number().int(), enrolments: z.number().int() })),
    quizzes: z.array(
      z.object({
        quizId: z.string(),
        title: z.string(),
        courseId: z.string(),
        attempts: z.number().int(),
        /** Passed attempts / attempts, 0..1. */
        passRate: z.number(),
        /** Up to three questions most often answered wrong, the worst first. */
        hardest: z.array(
          z.object({
            /** 1 for the quiz's first question. */
            question: z.number().int(),
            prompt: z.string(),
            /** Attempts that got it wrong / attempts, 0..1. */
            wrongShare: z.number(),
          }),
        ),
      }),
    ),
  }),
);
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
export type AnalyticsDay = AnalyticsReport['days'][number];

/**
 * `GET /api/analytics/lecture/{lectureId}`: viewers (learners with a heartbeat in the lecture),
 * the median of their watched seconds, `retention` — for at = 0, 5, …, 100 the share of viewers
 * whose furthest position reached at % of the lecture — and `rewatched` — for at = 0, 5, …, 95 the
 * share of viewers who skipped back into the 5 % from at (their position went backwards over it).
 */
export const lectureRetentionSchema = schema(() =>
  z.object({
    lectureId: z.string(),
    /** The lecture's length the percentages are of (measured video, else the furthest position seen). */
    durationSeconds: z.number().nullable(),
    viewers: z.number().int(),
    medianWatchSeconds: z.number(),
    retention: z.array(z.object({ at: z.number().int(), share: z.number() })),
    rewatched: z.array(z.object({ at: z.number().int(), share: z.number() })),
  }),
);
export type LectureRetention = z.infer<typeof lectureRetentionSchema>;

/**
 * `GET /api/analytics/search-demand`: what learners searched for and did not find (no result, or
 * none opened), queries grouped by meaning (`query` the group's commonest form, `variants` the
 * others), with searches, distinct learners and results; only groups of at least
 * `SEARCH_DEMAND_MIN_LEARNERS` learners. Every educator may read it.
 */
export const searchDemandSchema = schema(() =>
  z.object({
    groups: z.array(
      z.object({
        query: z.string(),
        variants: z.array(z.string()),
        searches: z.number().int(),
        learners: z.number().int(),
        results: z.number(),
      }),
    ),
  }),
);
export type SearchDemand = z.infer<typeof searchDemandSchema>;
