import { z } from 'zod';
import { schema, text } from './define.ts';

/*
 * Notifications (issue #30), mounted at /api/notifications: in the app (a list, read state, a
 * live unread count for the navbar's bell over server-sent events) and by e-mail as each user
 * chose per kind.
 */

/**
 * What a notification is about: `answer` an answer to my question, `accepted` my answer accepted,
 * `question` a new question on my course (educators), `lecture` a new lecture in a course I am
 * enrolled in, `certificate` my certificate issued, `refund` my refund processed.
 */
export const NOTIFICATION_KINDS = ['answer', 'accepted', 'question', 'lecture', 'certificate', 'refund'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** E-mail per kind: each at once, gathered into one daily digest, or none. */
export const NOTIFICATION_MODES = ['instant', 'daily', 'off'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

/** Until a user chooses: answers at once, new questions in the daily digest, the rest in the app only. */
export const DEFAULT_NOTIFICATION_PREFERENCES: Readonly<Record<NotificationKind, NotificationMode>> = {
  answer: 'instant',
  accepted: 'off',
  question: 'daily',
  lecture: 'off',
  certificate: 'off',
  refund: 'off',
};

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** Most ids one `POST /api/notifications/read` marks. */
export const NOTIFICATIONS_READ_MAX = 100;

/**
 * One notification. `link` is a path in the web app (the question, the course, the certificate,
 * the purchases page); `title` and `body` are plain text.
 */
export const notificationSchema = schema(() =>
  z.object({
    _id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    link: z.string(),
    courseId: z.string().nullable(),
    read: z.boolean(),
    createdAt: z.string(),
  }),
);
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications?cursor=&limit=`: newest first, keyset paged. */
export const notificationListQuerySchema = schema(() =>
  z.object({
    cursor: text('cursor').max(200).optional(),
    limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_SIZE),
  }),
);
export const notificationPageSchema = schema(() =>
  z.object({
    notifications: z.array(notificationSchema),
    nextCursor: z.string().nullable(),
    unreadCount: z.number().int(),
  }),
);
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** `POST /api/notifications/read` `{ids}` (own notifications; others' ids are ignored) or `{all: true}`. */
export const markReadRequestSchema = schema(() =>
  z.union(
    [
      z.object({
        ids: z
          .array(text('ids'), { error: 'ids must be a list of notification ids' })
          .min(1, { error: 'ids must name at least one notification' })
          .max(NOTIFICATIONS_READ_MAX, { error: `ids may name at most ${NOTIFICATIONS_READ_MAX} notifications` }),
      }),
      z.object({ all: z.literal(true, { error: 'all must be true' }) }),
    ],
    { error: 'Send {ids: [...]} or {all: true}' },
  ),
);
export type MarkReadRequest = z.infer<typeof markReadRequestSchema>;
export const unreadCountSchema = schema(() => z.object({ unreadCount: z.number().int() }));
export type UnreadCount = z.infer<typeof unreadCountSchema>;

const modeMessage = `Choose ${NOTIFICATION_MODES.join(', ')}`;
const mode = () => z.enum(NOTIFICATION_MODES, { error: modeMessage });

/** `GET /api/notifications/preferences`: every kind with its mode (defaults filled in). */
export const notificationPreferencesSchema = schema(() =>
  z.object({
    preferences: z.object({
      answer: mode(),
      accepted: mode(),
      question: mode(),
      lecture: mode(),
      certificate: mode(),
      refund: mode(),
    }),
  }),
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `PUT /api/notifications/preferences` `{kind: mode, …}`: the kinds named change, the others stay. */
export const updatePreferencesRequestSchema = schema(() =>
  z.strictObject(
    {
      answer: mode().optional(),
      accepted: mode().optional(),
      question: mode().optional(),
      lecture: mode().optional(),
      certificate: mode().optional(),
      refund: mode().optional(),
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `Kinds are ${NOTIFICATION_KINDS.join(', ')}` : undefined),
    },
  ),
);
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequestSchema>;

/**
 * `GET|POST /api/notifications/unsubscribe?token=` — the link every notification e-mail carries
 * (and its `List-Unsubscribe` header, RFC 8058). No session needed: the token is signed. GET
 * says what the link turns off (an HTML page with a button for a browser); POST turns it off.
 */
export const unsubscribeQuerySchema = schema(() =>
  z.object({ token: text('token', { error: 'token is required' }).min(1).max(300) }),
);
export const unsubscribeResultSchema = schema(() =>
  z.object({
    /** The kind it turns off, or `digest`: every kind sent in the daily digest. */
    scope: z.union([z.enum(NOTIFICATION_KINDS), z.literal('digest')]),
    unsubscribed: z.boolean(),
    message: z.string(),
  }),
);
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

/**
 * `GET /api/notifications/stream` (server-sent events, signed in): `event: unread` with
 * `data: {"unreadCount": n}` once on connecting and again whenever the count changes (a new
 * notification, read elsewhere), from any server instance; a `: ping` comment every 25 s.
 */
export const NOTIFICATIONS_STREAM_EVENT = 'unread';
