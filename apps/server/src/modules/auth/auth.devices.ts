import { createHash, randomBytes } from 'node:crypto';
import type { DeviceSession, Locale } from '@kaksha/contracts';
import Bowser from 'bowser';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { knownDevices } from '../../core/db/schema/index.ts';
import { html, longDate, t } from '../../core/i18n.ts';
import type { MailMessage } from '../../core/mailer.ts';
import type { listSessions } from '../../core/sessions.ts';

/*
 * Signed-in devices (issue #32): what the device list shows of a session, and the mail a sign-in
 * from a browser the account has not used before sends.
 */

/** The long-lived cookie that tells a returning browser from a new one (a random id, stored hashed). */
export const DEVICE_COOKIE = 'kaksha_device';
/** 400 days: the longest a browser keeps a cookie. */
export const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

export interface DeviceName {
  browser: string | null;
  os: string | null;
  platform: string | null;
}

/** Browser, system and kind of device from a User-Agent (bowser): "Chrome 131", "Android 14", "mobile". */
export function describeDevice(userAgent: string | null | undefined): DeviceName {
  if (!userAgent) return { browser: null, os: null, platform: null };
  const parsed = Bowser.parse(userAgent);
  const major = (version?: string) => version?.split('.')[0];
  const named = (name?: string, version?: string) =>
    name ? [name, version].filter(Boolean).join(' ').slice(0, 60) : null;
  return {
    browser: named(parsed.browser.name, major(parsed.browser.version)),
    // Windows says its version by name (`10`, `11` as NT 10.0): bowser's versionName.
    os: named(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
    platform: parsed.platform.type ?? null,
  };
}

/** `203.0` → `203.0.x.x`; an IPv6 prefix → `2001:db8:…`. */
export const networkOf = (prefix: string | null) =>
  prefix ? (prefix.includes(':') ? `${prefix}:…` : `${prefix}.x.x`) : null;

export function presentSession(
  row: Awaited<ReturnType<typeof listSessions>>[number],
  currentSessionId: string | null,
): DeviceSession {
  return {
    id: row.id,
    ...describeDevice(row.userAgent),
    network: networkOf(row.ipPrefix),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  };
}

export const newDeviceToken = () => randomBytes(16).toString('base64url');
const hashDevice = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Records that the user signed in from this browser. True when the browser is new to an account
 * that had signed in from some other browser before (then the user is told by mail); the first
 * browser an account is known on (its sign-up, or its first sign-in since devices were recorded)
 * is not news.
 */
export async function rememberDevice(db: DbOrTx, userId: string, deviceToken: string) {
  const deviceHash = hashDevice(deviceToken);
  const inserted = await db
    .insert(knownDevices)
    .values({ userId, deviceHash })
    .onConflictDoNothing()
    .returning({ userId: knownDevices.userId });
  if (inserted.length === 0) return false;
  const [other] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), ne(knownDevices.deviceHash, deviceHash)))
    .limit(1);
  return other !== undefined;
}

/** The "new sign-in" mail, in the account's language. */
export function newDeviceMail(
  user: { email: string; name: string; locale: Locale },
  device: DeviceName & { network: string | null; at: Date },
  publicUrl: string,
  productName = 'Kaksha',
): MailMessage {
  const { locale } = user;
  const product = { product: productName };
  const unknown = t(locale, 'mail.newDevice.unknown');
  const values = {
    ...product,
    browser: device.browser ?? unknown,
    os: device.os ?? unknown,
    network: device.network ?? unknown,
    time: `${longDate(locale, device.at)}, ${device.at.toISOString().slice(11, 16)} UTC`,
  };
  const link = `${publicUrl.replace(/\/$/, '')}/profile#security`;
  const subject = t(locale, 'mail.newDevice.subject', product);
  const text = [
    t(locale, 'mail.greeting', { name: user.name }),
    '',
    t(locale, 'mail.newDevice.intro', product),
    '',
    t(locale, 'mail.newDevice.device', values),
    t(locale, 'mail.newDevice.network', values),
    t(locale, 'mail.newDevice.time', values),
    '',
    t(locale, 'mail.newDevice.ifYou'),
    t(locale, 'mail.newDevice.ifNot'),
    link,
    '',
    t(locale, 'mail.signoff', product),
  ].join('\n');
  const escapeAttribute = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const body = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#0f172a">
<p>${html(locale, 'mail.greeting', { name: user.name })}</p>
<p>${html(locale, 'mail.newDevice.intro', product)}</p>
<ul>
<li>${html(locale, 'mail.newDevice.device', values)}</li>
<li>${html(locale, 'mail.newDevice.network', values)}</li>
<li>${html(locale, 'mail.newDevice.time', values)}</li>
</ul>
<p>${html(locale, 'mail.newDevice.ifYou')}</p>
<p>${html(locale, 'mail.newDevice.ifNot')}</p>
<p><a href="${escapeAttribute(link)}" style="display:inline-block;background:#0f172a;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none">${html(locale, 'mail.newDevice.button')}</a></p>
<p>${html(locale, 'mail.signoff', product)}</p>
</body></html>`;
  return { to: user.email, subject, text, html: body };
}
