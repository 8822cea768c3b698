import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { and, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from './db/client.ts';
import { sessions, users } from './db/schema/index.ts';

export const SESSION_COOKIE = 'kaksha_session';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Extend a session at most once an hour, so reads do not turn into writes. */
const RENEW_AFTER_MS = 60 * 60 * 1000;
/** The device list's "last seen" is kept to within this much: at most one write per session this often. */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;
/** A User-Agent longer than this is cut (browsers send 100-300 characters). */
const USER_AGENT_MAX = 512;

export type SessionUser = typeof users.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a session keeps about the browser that signed in (its device list entry, issue #32). */
export interface SessionDevice {
  userAgent?: string | null;
  /** `ipPrefix(request.ip)`: never the whole address. */
  ipPrefix?: string | null;
}

/**
 * The first two octets of an IPv4 address (`203.0`), or the first two groups of an IPv6 one
 * (`2001:db8`): roughly which network, never who. IPv4-mapped IPv6 counts as IPv4.
 */
export function ipPrefix(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const v4 = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.split('.').slice(0, 2).join('.');
  if (isIP(ip) !== 6) return null;
  const [head = ''] = ip.split('::');
  const groups = head.split(':').filter(Boolean);
  // `2001::1` has one group before the gap: the second is 0.
  return [groups[0] ?? '0', groups[1] ?? '0'].map((g) => g.toLowerCase()).join(':');
}

export async function createSession(db: DbOrTx, userId: string, device: SessionDevice = {}) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  // Housekeeping on the way: the user's expired sessions are of no use to anyone.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, sql`now()`)));
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      expiresAt,
      userAgent: device.userAgent?.slice(0, USER_AGENT_MAX) || null,
      ipPrefix: device.ipPrefix ?? null,
    })
    .returning({ id: sessions.id });
  return { token, expiresAt, sessionId: row!.id };
}

/**
 * The user behind a live session token, renewing the session's expiry when due (sliding) and its
 * last-seen time every few minutes. Read from the database on every request, never cached, so a
 * revoked session (DELETE /api/auth/sessions/{id}, sign out everywhere else) is refused by every
 * instance at its next request.
 */
export async function resolveSession(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  let expiresAt = row.expiresAt;
  const renew = expiresAt.getTime() - now < SESSION_TTL_MS - RENEW_AFTER_MS;
  if (renew) expiresAt = new Date(now + SESSION_TTL_MS);
  if (renew || now - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    await db
      .update(sessions)
      .set({ expiresAt, lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.sessionId));
  }
  return { user: row.user, sessionId: row.sessionId, expiresAt, renewed: renew };
}

/** Whether a token names a live session; unlike resolveSession it never extends one. */
export async function hasLiveSession(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row !== undefined;
}

export async function revokeSession(db: DbOrTx, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function revokeAllSessions(db: DbOrTx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** The user's live sessions, most recently used first (the device list). */
export async function listSessions(db: DbOrTx, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipPrefix: sessions.ipPrefix,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one of the user's sessions by its id; false when the user has no such session. */
export async function revokeSessionById(db: DbOrTx, userId: string, sessionId: string) {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return gone.length > 0;
}

/** Ends every session of the user but `keepSessionId` ("sign out everywhere else"); how many ended. */
export async function revokeOtherSessions(db: DbOrTx, userId: string, keepSessionId: string) {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return gone.length;
}
