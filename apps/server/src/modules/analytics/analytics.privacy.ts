import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../core/db/client.ts';
import { analyticsSecrets } from '../../core/db/schema/index.ts';

/**
 * What analytics may know of a person (issue #33, docs/analytics.md): nothing that says who they
 * are. A visitor is a keyed hash of (IP, user agent, India day) — the same visitor is one hash for a
 * day and another the next, so no one is followed across days, and the IP itself is never stored;
 * a learner is a keyed hash of their user id (a pseudonym: stable, so a learner's lecture viewing
 * adds up, but not the id). `DNT: 1` or `Sec-GPC: 1` means nothing of the request is recorded.
 */

/** India's offset (no daylight saving): analytics' days are India's, like earnings' months. */
const IST_OFFSET_MS = 330 * 60_000;

/** The India date (`YYYY-MM-DD`) of an instant. */
export const indiaDay = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The instant an India date starts. */
export const indiaDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);

/** `day` plus `n` days (either sign). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const keyed = (secret: string, text: string) =>
  // 128 bits: no collision in any realistic number of visitors, shorter rows and indexes.
  createHmac('sha256', secret).update(text).digest().subarray(0, 16).toString('base64url');

/** The visitor of (ip, user agent) on `at`'s India day; another day gives another hash. */
export const visitorHash = (secret: string, ip: string, userAgent: string, at: Date) =>
  keyed(secret, `visitor\0${indiaDay(at)}\0${ip}\0${userAgent}`);

/** A learner's pseudonym: the same for every event of theirs, and not their id. */
export const learnerPseudonym = (secret: string, userId: string) => keyed(secret, `learner\0${userId}`);

/** Whether the request asks not to be tracked (Do Not Track, or Global Privacy Control). */
export const optedOut = (request: Pick<FastifyRequest, 'headers'>) =>
  request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';

/**
 * The host of a referrer (`document.referrer`, or a bare host), lower-cased, without `www.`; null
 * for none, for something that is no host, or for this site itself (moving between our own pages is
 * no traffic source).
 */
export function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    host = new URL(referrer.includes('://') ? referrer : `https://${referrer}`).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (!/^[a-z0-9.-]+$/.test(host) || (!host.includes('.') && host !== 'localhost')) return null;
  host = host.replace(/^www\./, '');
  return host === ownHost.replace(/^www\./, '') ? null : host.slice(0, 255);
}

/**
 * ANALYTICS_SECRET, or the one kept in the database (made by the first instance that needs it; a
 * concurrent start inserts nothing and reads the winner's).
 */
export async function loadAnalyticsSecret(db: Db, configured: string | undefined) {
  if (configured) return configured;
  await db
    .insert(analyticsSecrets)
    .values({ id: 1, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(analyticsSecrets).where(eq(analyticsSecrets.id, 1));
  return (row as { secret: string }).secret;
}
