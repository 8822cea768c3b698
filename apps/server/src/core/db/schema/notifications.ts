import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { courses } from './courses.ts';
import { users } from './users.ts';

const KINDS = sql`('answer', 'accepted', 'question', 'lecture', 'certificate', 'refund')`;

/**
 * Something that happened and that people are told about (modules/notifications): written with
 * its notifications in the transaction of the change itself, then dispatched (the bell's live
 * update, e-mails queued) by whichever instance claims it first. `dedupe_key` names the event
 * (`answer:<id>`, `refund:<id>` …): recording it twice — a webhook delivered again — is a no-op.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: id(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** Who caused it; never told about it. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When an instance dispatched it; null while it waits. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_events_dedupe_key').on(t.dedupeKey),
    index('notification_events_waiting_idx').on(t.createdAt).where(sql`${t.dispatchedAt} is null`),
    check('notification_events_kind_check', sql`${t.kind} in ${KINDS}`),
  ],
);

/**
 * One person's notification of an event: its `kind` and `params` (the values its title and body
 * are worded with: course and lecture titles, names, a question's opening, an amount in paise),
 * worded in the reader's language whenever it is read (issue #29: core/i18n's `notification.*`
 * messages); a path in the web app; read or not. Rows from before #29 have no params and keep the
 * English `title` and `body` they were stored with, which are shown as they are. `mail` is `pending` until the event is dispatched, then what was decided for e-mail by
 * the preference then: `instant` (a mail job queued), `daily` (waiting for the digest until
 * `digested_at`), `none`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The English text of a row stored before #29 (null since: worded from `params`). */
    title: text('title'),
    body: text('body'),
    /** The values of the kind's title and body messages; null on rows stored before #29. */
    params: jsonb('params').$type<Record<string, string | number>>(),
    link: text('link').notNull(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    mail: text('mail', { enum: ['pending', 'instant', 'daily', 'none'] })
      .notNull()
      .default('pending'),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_event_user_key').on(t.eventId, t.userId),
    // The list, newest first, keyset on (created_at, id).
    index('notifications_user_newest_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The bell's count.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // What the daily digest still has to send.
    index('notifications_digest_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.mail} = 'daily' and ${t.digestedAt} is null`),
    check('notifications_kind_check', sql`${t.kind} in ${KINDS}`),
    // Either worded from params or from the stored text.
    check(
      'notifications_text_check',
      sql`${t.params} is not null or (${t.title} is not null and ${t.body} is not null)`,
    ),
  ],
);

/** A user's e-mail choice for one kind; kinds without a row take the defaults (contracts). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    mode: text('mode', { enum: ['instant', 'daily', 'off'] }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'notification_preferences_pkey', columns: [t.userId, t.kind] }),
    check('notification_preferences_kind_check', sql`${t.kind} in ${KINDS}`),
    check('notification_preferences_mode_check', sql`${t.mode} in ('instant', 'daily', 'off')`),
  ],
);

/**
 * The e-mail of an event to a user has been sent: inserted in the transaction that sends it, so a
 * mail job run twice (retried after a crash, or by two instances) sends one e-mail.
 */
export const notificationMailsSent = pgTable(
  'notification_mails_sent',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'notification_mails_sent_pkey', columns: [t.eventId, t.userId] })],
);

/** A user's daily digest of a day (India time) has been sent: one per user and day, however often the job runs. */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'notification_digests_pkey', columns: [t.userId, t.day] })],
);

/**
 * The key that signs unsubscribe links (HMAC-SHA256): made once by the first instance that needs
 * it and shared by all through the database, so a link keeps working across restarts and
 * instances without a setting. Deleting the row revokes every link sent.
 */
export const notificationSecrets = pgTable('notification_secrets', {
  id: smallint('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
