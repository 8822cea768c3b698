import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type Locale,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationMode,
} from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db/client.ts';
import { html, localeOf, t } from '../../core/i18n.ts';
import type { MailMessage } from '../../core/mailer.ts';
import { type StoredText, wordNotification } from './notifications.text.ts';

/*
 * Notification e-mail: one per event and recipient at once (`instant`), or one digest a day
 * (`daily`), each with a one-click unsubscribe link (a signed token, no session) in its text and
 * in its `List-Unsubscribe` / `List-Unsubscribe-Post` headers (RFC 8058). A sent-marker row is
 * claimed before a message goes out and released only if sending fails, so a job run twice
 * (retried after a crash, or by two instances at once) sends one e-mail. Every e-mail is worded
 * in the recipient's language of the moment it is sent (`users.locale`, core/i18n).
 */

export const PRODUCT_NAME = 'Kaksha';
/** The digest goes out each morning at this hour, India time, with what came before it. */
export const DIGEST_HOUR_IST = 8;
const IST_OFFSET_MS = 5.5 * 3600_000;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// ---- preferences ----

export type Preferences = Record<NotificationKind, NotificationMode>;

/** A user's mode for every kind, the defaults filled in. */
export async function preferencesOf(db: DbOrTx, userId: string): Promise<Preferences> {
  const rows = rowsOf<{ kind: NotificationKind; mode: NotificationMode }>(
    await db.execute(sql`select kind, mode from notification_preferences where user_id = ${userId}`),
  );
  return { ...DEFAULT_NOTIFICATION_PREFERENCES, ...Object.fromEntries(rows.map((r) => [r.kind, r.mode])) };
}

/** Sets the modes named; the others stay. */
export async function setPreferences(db: DbOrTx, userId: string, changes: Partial<Preferences>) {
  const entries = NOTIFICATION_KINDS.filter((k) => changes[k] !== undefined).map((k) => ({
    kind: k,
    mode: changes[k],
  }));
  if (entries.length > 0) {
    await db.execute(sql`
      insert into notification_preferences (user_id, kind, mode)
      select ${userId}::uuid, e.kind, e.mode from json_to_recordset(${JSON.stringify(entries)}::json) as e(kind text, mode text)
      on conflict (user_id, kind) do update set mode = excluded.mode`);
  }
  return preferencesOf(db, userId);
}

// ---- unsubscribe links ----

/** What a link turns off: one kind, or every kind the daily digest carries. */
export type UnsubscribeScope = NotificationKind | 'digest';

/** The signing key, made by the first instance that needs it (notification_secrets). */
export async function linkSecret(db: DbOrTx): Promise<string> {
  await db.execute(sql`
    insert into notification_secrets (id, secret) values (1, ${randomBytes(32).toString('base64url')})
    on conflict (id) do nothing`);
  const [row] = rowsOf<{ secret: string }>(await db.execute(sql`select secret from notification_secrets where id = 1`));
  return row.secret;
}

const signature = (secret: string, userId: string, scope: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${scope}`).digest('base64url');

export const unsubscribeToken = (secret: string, userId: string, scope: UnsubscribeScope) =>
  `${userId}.${scope}.${signature(secret, userId, scope)}`;

/** The user and scope of a genuine token, or null (a forged, altered or revoked one). */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; scope: UnsubscribeScope } | null {
  const [userId, scope, sig, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !sig) return null;
  if (scope !== 'digest' && !NOTIFICATION_KINDS.includes(scope as NotificationKind)) return null;
  const expected = Buffer.from(signature(secret, userId, scope));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, scope: scope as UnsubscribeScope };
}

/** Turns the scope off: the kind, or every kind now sent in the digest. Answers whether anything changed. */
export async function unsubscribe(db: DbOrTx, userId: string, scope: UnsubscribeScope) {
  // The account may be gone since the e-mail was sent: nothing left to turn off.
  const [user] = rowsOf<{ id: string }>(await db.execute(sql`select id from users where id = ${userId}`));
  if (!user) return false;
  const prefs = await preferencesOf(db, userId);
  const kinds = scope === 'digest' ? NOTIFICATION_KINDS.filter((k) => prefs[k] === 'daily') : [scope];
  const changes = Object.fromEntries(kinds.filter((k) => prefs[k] !== 'off').map((k) => [k, 'off' as const]));
  await setPreferences(db, userId, changes);
  return Object.keys(changes).length > 0;
}

/** The user's language, or `fallback` when the account is gone. */
export async function localeOfUser(db: DbOrTx, userId: string, fallback: Locale): Promise<Locale> {
  const [user] = rowsOf<{ locale: string }>(await db.execute(sql`select locale from users where id = ${userId}`));
  return user ? localeOf(user.locale) : fallback;
}

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

/** What an unsubscribe link turns off, in words ("e-mails about your refunds", "the daily digest"). */
export const scopeName = (scope: UnsubscribeScope, locale: Locale = 'en') => t(locale, `mail.scope.${scope}`);

// ---- messages ----

interface Item {
  title: string;
  body: string;
  link: string;
}

function message(
  locale: Locale,
  to: string,
  subject: string,
  greeting: string,
  items: Item[],
  publicUrl: string,
  unsubscribe: { url: string; scope: UnsubscribeScope },
): MailMessage {
  const absolute = (link: string) => `${publicUrl}${link}`;
  const product = PRODUCT_NAME;
  const scope = scopeName(unsubscribe.scope, locale);
  const text = [
    greeting,
    '',
    ...items.flatMap((i) => [i.title, i.body, absolute(i.link), '']),
    t(locale, 'mail.signoff', { product }),
    '',
    t(locale, 'mail.notification.why', { scope, url: unsubscribe.url }),
  ].join('\n');
  const body = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,'Noto Sans Devanagari',sans-serif;color:#0f172a">
<p>${esc(greeting)}</p>
${items
  .map(
    (i) =>
      `<p><strong>${esc(i.title)}</strong><br>${esc(i.body)}<br><a href="${esc(absolute(i.link))}">${html(locale, 'mail.notification.open', { product })}</a></p>`,
  )
  .join('\n')}
<p>${html(locale, 'mail.signoff', { product })}</p>
<p style="font-size:12px;color:#475569">${html(locale, 'mail.notification.whyHtml', { scope }, { unsubscribe: unsubscribe.url })}</p>
</body></html>`;
  return {
    to,
    subject,
    text,
    html: body,
    headers: {
      'List-Unsubscribe': `<${unsubscribe.url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export interface MailContext {
  db: Db;
  publicUrl: string;
  send: (message: MailMessage) => Promise<void>;
}

/**
 * The instant e-mail of one event to one user (job `notification-mail`). Claims the sent-marker
 * first: a second run finds it and sends nothing. A failed send releases it and throws, so the
 * job's retry sends it. Answers what happened.
 */
export async function sendNotificationMail(
  ctx: MailContext,
  job: { eventId: string; userId: string },
): Promise<'sent' | 'already-sent' | 'skipped'> {
  const [claimed] = rowsOf<{ event_id: string }>(
    await ctx.db.execute(sql`
      insert into notification_mails_sent (event_id, user_id) values (${job.eventId}, ${job.userId})
      on conflict do nothing returning event_id`),
  );
  if (!claimed) return 'already-sent';
  const release = () =>
    ctx.db.execute(
      sql`delete from notification_mails_sent where event_id = ${job.eventId} and user_id = ${job.userId}`,
    );
  try {
    const [row] = rowsOf<StoredText & { link: string; email: string; name: string; locale: string }>(
      await ctx.db.execute(sql`
        select n.kind, n.params, n.title, n.body, n.link, u.email, u.name, u.locale
        from notifications n join users u on u.id = n.user_id
        where n.event_id = ${job.eventId} and n.user_id = ${job.userId}`),
    );
    // Gone (the user, or the course with its question), or turned off since it was queued.
    if (!row || (await preferencesOf(ctx.db, job.userId))[row.kind] === 'off') return 'skipped';
    const token = unsubscribeToken(await linkSecret(ctx.db), job.userId, row.kind);
    const locale = localeOf(row.locale);
    const item = { ...wordNotification(locale, row), link: row.link };
    const greeting = t(locale, 'mail.greeting', { name: row.name });
    await ctx.send(
      message(locale, row.email, item.title, greeting, [item], ctx.publicUrl, {
        url: unsubscribeUrl(ctx.publicUrl, token),
        scope: row.kind,
      }),
    );
    return 'sent';
  } catch (error) {
    await release();
    throw error;
  }
}

/** The India-time day of `at` (YYYY-MM-DD) and the moment its digest covers up to (08:00 that day). */
export function digestDay(at: Date): { day: string; cutoff: Date } {
  const day = new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
  const cutoff = new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS + DIGEST_HOUR_IST * 3600_000);
  return { day, cutoff };
}

/**
 * The daily digest due at `at` (job `notification-digest`, queued by every instance each morning;
 * tests call it): each user with `daily` notifications from before this morning's cutoff gets one
 * e-mail listing them, at most one a day (a digest marker per user and day, claimed before
 * sending, released if sending fails). Before the cutoff hour nothing is due. Answers the number sent.
 */
export async function sendDailyDigests(ctx: MailContext, at: Date): Promise<number> {
  const { day, cutoff } = digestDay(at);
  if (at < cutoff) return 0;
  const users = rowsOf<{ user_id: string }>(
    await ctx.db.execute(sql`
      select distinct user_id from notifications
      where mail = 'daily' and digested_at is null and created_at < ${cutoff.toISOString()}::timestamptz`),
  );
  let sent = 0;
  for (const { user_id: userId } of users) {
    const [claimed] = rowsOf<{ user_id: string }>(
      await ctx.db.execute(sql`
        insert into notification_digests (user_id, day) values (${userId}, ${day}::date)
        on conflict do nothing returning user_id`),
    );
    if (!claimed) continue;
    try {
      if (await sendDigest(ctx, userId, cutoff)) sent++;
    } catch (error) {
      await ctx.db.execute(sql`delete from notification_digests where user_id = ${userId} and day = ${day}::date`);
      throw error;
    }
  }
  return sent;
}

async function sendDigest(ctx: MailContext, userId: string, cutoff: Date): Promise<boolean> {
  const prefs = await preferencesOf(ctx.db, userId);
  const rows = rowsOf<StoredText & { id: string; link: string; email: string; name: string; locale: string }>(
    await ctx.db.execute(sql`
      select n.id, n.kind, n.params, n.title, n.body, n.link, u.email, u.name, u.locale
      from notifications n join users u on u.id = n.user_id
      where n.user_id = ${userId} and n.mail = 'daily' and n.digested_at is null
        and n.created_at < ${cutoff.toISOString()}::timestamptz
      order by n.created_at, n.id`),
  );
  // Kinds turned off since are left out (and no longer wait).
  const kept = rows.filter((r) => prefs[r.kind] !== 'off');
  if (kept.length > 0) {
    const { email, name } = kept[0];
    const locale = localeOf(kept[0].locale);
    const items = kept.map((r) => ({ ...wordNotification(locale, r), link: r.link }));
    const token = unsubscribeToken(await linkSecret(ctx.db), userId, 'digest');
    const subject = t(locale, 'mail.digest.subject', { product: PRODUCT_NAME, count: items.length });
    await ctx.send(
      message(locale, email, subject, t(locale, 'mail.digest.greeting', { name }), items, ctx.publicUrl, {
        url: unsubscribeUrl(ctx.publicUrl, token),
        scope: 'digest',
      }),
    );
  }
  await ctx.db.execute(
    sql`update notifications set digested_at = now() where id = any(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[])`,
  );
  return kept.length > 0;
}
