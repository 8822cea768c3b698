import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from './db/client.ts';
import { sessions, users } from './db/schema/index.ts';

export const SESSION_COOKIE = 'kaksha_session';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Extend a session at most once an hour, so reads do not turn into writes. */
const RENEW_AFTER_MS = 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: DbOrTx, userId: string) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  // Housekeeping on the way: the user's expired sessions are of no use to anyone.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, sql`now()`)));
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The user behind a live session token, renewing the session's expiry when due (sliding). */
export async function resolveSession(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  let expiresAt = row.expiresAt;
  if (expiresAt.getTime() - Date.now() < SESSION_TTL_MS - RENEW_AFTER_MS) {
    expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, row.sessionId));
  }
  return { user: row.user, expiresAt, renewed: expiresAt !== row.expiresAt };
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
