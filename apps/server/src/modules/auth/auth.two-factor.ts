import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from '@kaksha/contracts';
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { DbOrTx } from '../../core/db/client.ts';
import { sessions, twoFactor, twoFactorRecoveryCodes } from '../../core/db/schema/index.ts';
import { badRequest, conflict, type ErrorText } from '../../core/errors.ts';

/*
 * Two-factor sign-in (issue #32): TOTP, RFC 6238 (otpauth: SHA-1, 6 digits, 30 s — what every
 * authenticator app reads from a QR code), one-time recovery codes, and the signed token that
 * carries a half-finished sign-in from the password (or Google) step to the code step.
 */

export const TOTP_PERIOD_S = 30;
/** Codes of the step before and after now are accepted: phones' clocks drift and people type slowly. */
const TOTP_WINDOW = 1;
/** How long the code step may take after the password step. */
export const PENDING_LOGIN_TTL_MS = 5 * 60_000;
const ISSUER = 'Kaksha';

export const TWO_FACTOR_ERRORS = {
  codeWrong: {
    id: 'two_factor_code_wrong',
    message: 'That code is not right. Check the time on your phone and try the newest code.',
  },
  codeUsed: { id: 'two_factor_code_used', message: 'That code was already used. Wait for the next one.' },
  recoveryWrong: { id: 'two_factor_recovery_wrong', message: 'That recovery code is not valid or was already used.' },
  alreadyEnabled: { id: 'two_factor_already_enabled', message: 'Two-factor sign-in is already on.' },
  notSetUp: { id: 'two_factor_not_set_up', message: 'Start the set-up of two-factor sign-in first.' },
  notEnabled: { id: 'two_factor_not_enabled', message: 'Two-factor sign-in is not on.' },
  loginExpired: {
    id: 'two_factor_login_expired',
    message: 'Your sign-in took too long or was not started. Please sign in again.',
  },
  passwordWrong: { id: 'two_factor_password_wrong', message: 'The password is not right.' },
} satisfies Record<string, ErrorText>;

/** What the 2FA functions need: the database and the app's data key (`app.dataKey`, earnings.crypto.ts). */
export interface TwoFactorDeps {
  db: DbOrTx;
  dataKey: Buffer;
}

/*
 * Keys. The secrets an authenticator shares with us must be readable again (to compute codes), so
 * they are encrypted, not hashed: AES-256-GCM under a key derived (HKDF) from the app's data key —
 * DATA_ENCRYPTION_KEY, or the embedded database's generated key (earnings.crypto.ts). A copy of
 * the database alone gives no one the codes. The pending-login token is an HMAC under another
 * derived key, so it cannot be forged or moved to another account.
 */
const subKey = (dataKey: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', dataKey, 'kaksha', `two-factor/${purpose}`, 32));

function encryptSecret(dataKey: Buffer, base32: string) {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', subKey(dataKey, 'totp-secret'), nonce);
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

function decryptSecret(dataKey: Buffer, stored: string) {
  const [version, payload] = stored.split('.');
  if (version !== 'v1' || !payload) throw new Error('Unknown two-factor secret format');
  const bytes = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', subKey(dataKey, 'totp-secret'), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('A two-factor secret could not be decrypted: DATA_ENCRYPTION_KEY is not the key it was saved with');
  }
}

const totpFor = (base32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(base32),
  });

/**
 * The 30-second step a code belongs to, or null when it is no code of now's window. Compared in
 * constant time per step (otpauth's validate).
 */
function matchingStep(base32: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(base32).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_S, timestamp: now }) + delta;
}

/**
 * Recovery codes: 16 characters of a 31-letter alphabet (79 random bits), shown as xxxx-xxxx-xxxx-xxxx.
 * Stored as SHA-256, not argon2id: argon2's slowness protects guessable secrets (passwords); a
 * 79-bit random code cannot be found from its hash by any amount of guessing, and a plain hash
 * lets a code be looked up by its hash in one indexed read instead of running argon2 against
 * each of ten hashes per attempt (which would also hand attackers a cheap way to load the CPU).
 */
/** Lower-case letters and digits without i, l, o, 0 and 1, which read alike: 31 characters. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 16;

function newRecoveryCode() {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code.match(/.{4}/g)!.join('-');
}

/** A typed recovery code as stored: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (code: string) => createHash('sha256').update(normalizeRecoveryCode(code)).digest('base64url');

/** Whether a string is shaped like a TOTP code (6 digits, spaces allowed) rather than a recovery code. */
export const looksLikeTotp = (code: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code.replace(/\s+/g, ''));

async function readTwoFactor(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row ?? null;
}

/** Whether the user has 2FA on (sign-in asks for a code; admin console and payouts may require it). */
export async function hasTwoFactor(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
    .limit(1);
  return row !== undefined;
}

export async function twoFactorStatus(db: DbOrTx, userId: string) {
  const enabled = await hasTwoFactor(db, userId);
  if (!enabled) return { enabled, recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled, recoveryCodesLeft: Number(left?.n ?? 0) };
}

/**
 * Starts (or restarts) setting up an authenticator: a new secret, kept encrypted and not in force
 * until `enableTwoFactor` sees a code made from it. 409 when 2FA is already on.
 */
export async function setupTwoFactor({ db, dataKey }: TwoFactorDeps, user: { id: string; email: string }) {
  if (await hasTwoFactor(db, user.id)) throw conflict(TWO_FACTOR_ERRORS.alreadyEnabled);
  const secret = new Secret({ size: 20 }).base32; // 160 bits, RFC 4226's recommendation
  const secretEncrypted = encryptSecret(dataKey, secret);
  await db
    .insert(twoFactor)
    .values({ userId: user.id, secretEncrypted })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secretEncrypted, lastUsedStep: null, createdAt: new Date() },
      // Never over an enabled one (a set-up racing an enable): that row stays as it is.
      where: isNull(twoFactor.enabledAt),
    });
  const otpauthUri = totpFor(secret, user.email).toString();
  const qrDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUri, qrDataUrl };
}

/**
 * Uses a TOTP code: 'ok' when it is one of now's window and of a later step than any code accepted
 * before ('used' otherwise: a replay), 'wrong' when it is no code of now's window. The step is
 * stored by the statement that checks it, so two requests with one code cannot both pass.
 */
async function useTotp(db: DbOrTx, dataKey: Buffer, row: typeof twoFactor.$inferSelect, code: string) {
  const step = matchingStep(decryptSecret(dataKey, row.secretEncrypted), code.replace(/\s+/g, ''));
  if (step === null) return 'wrong' as const;
  const [used] = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(and(eq(twoFactor.userId, row.userId), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step))))
    .returning({ userId: twoFactor.userId });
  return used ? ('ok' as const) : ('used' as const);
}

/** Spends a recovery code: true once per code (the update that marks it used is the check). */
async function useRecoveryCode(db: DbOrTx, userId: string, code: string) {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== RECOVERY_LENGTH) return false;
  const [used] = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(normalized)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used !== undefined;
}

async function newRecoveryCodes(db: DbOrTx, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/**
 * Turns 2FA on once a code from the app shows it holds the secret; answers the 10 recovery codes,
 * shown this once (only their hashes are kept). 409 without a set-up, or when already on; 400 for a
 * wrong code.
 */
export async function enableTwoFactor({ db, dataKey }: TwoFactorDeps, userId: string, code: string) {
  return db.transaction(async (tx) => {
    const row = await readTwoFactor(tx, userId);
    if (!row) throw conflict(TWO_FACTOR_ERRORS.notSetUp);
    if (row.enabledAt) throw conflict(TWO_FACTOR_ERRORS.alreadyEnabled);
    const used = await useTotp(tx, dataKey, row, code);
    // 400, not 401: the user is signed in, and the web app takes any 401 for a lost session.
    if (used !== 'ok') {
      const error = used === 'used' ? TWO_FACTOR_ERRORS.codeUsed : TWO_FACTOR_ERRORS.codeWrong;
      throw badRequest(error, { code: error.message });
    }
    await tx.update(twoFactor).set({ enabledAt: new Date() }).where(eq(twoFactor.userId, userId));
    return newRecoveryCodes(tx, userId);
  });
}

/**
 * Checks the second factor of a user with 2FA on: a code from the app (not used before) or an unused
 * recovery code, which this spends. Null when accepted, else what was wrong (the caller answers it:
 * 401 at sign-in, 400 for a signed-in user).
 */
export async function checkSecondFactor(
  { db, dataKey }: TwoFactorDeps,
  userId: string,
  input: { code?: string; recoveryCode?: string },
): Promise<ErrorText | null> {
  const row = await readTwoFactor(db, userId);
  if (!row?.enabledAt) return TWO_FACTOR_ERRORS.notEnabled;
  const code = input.code ?? '';
  if (input.recoveryCode !== undefined || !looksLikeTotp(code)) {
    return (await useRecoveryCode(db, userId, input.recoveryCode ?? code)) ? null : TWO_FACTOR_ERRORS.recoveryWrong;
  }
  const used = await useTotp(db, dataKey, row, code);
  return used === 'ok' ? null : used === 'used' ? TWO_FACTOR_ERRORS.codeUsed : TWO_FACTOR_ERRORS.codeWrong;
}

/**
 * For other modules (account deletion, issue #32): true when the user has no 2FA, or when `code` —
 * a code from the app or a recovery code (spent) — is valid; false otherwise (a missing code, a
 * wrong or replayed one). Callers limit attempts as they do for passwords.
 */
export async function verifySecondFactor(deps: TwoFactorDeps, userId: string, code: string | null | undefined) {
  if (!(await hasTwoFactor(deps.db, userId))) return true;
  if (!code?.trim()) return false;
  return (await checkSecondFactor(deps, userId, { code: code.trim() })) === null;
}

/** Turns 2FA off (the caller checked the password and the code): the secret and recovery codes go. */
export async function removeTwoFactor(db: DbOrTx, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  });
}

/**
 * The operator's reset for a user who lost their phone and recovery codes (`npm run 2fa:reset`):
 * 2FA off and every session ended, so the next sign-in is by password (or Google) alone and the
 * user sets 2FA up again. Whether it was on.
 */
export async function resetTwoFactor(db: DbOrTx, userId: string) {
  return db.transaction(async (tx) => {
    const had = await hasTwoFactor(tx, userId);
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return had;
  });
}

/*
 * The pending sign-in: `<userId>.<expires ms>.<HMAC>` in an httpOnly cookie scoped to /api/auth.
 * Stateless, so any instance can finish the sign-in; it proves only that the password (or Google)
 * step passed for this user within PENDING_LOGIN_TTL_MS, and the code step still needs a code.
 */
export function signPendingLogin(dataKey: Buffer, userId: string, now = Date.now()) {
  const payload = `${userId}.${now + PENDING_LOGIN_TTL_MS}`;
  const mac = createHmac('sha256', subKey(dataKey, 'pending-login')).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

/** The user id of a valid, unexpired pending-login token; null for anything else. */
export function readPendingLogin(dataKey: Buffer, token: string | undefined, now = Date.now()) {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, expires, mac] = parts as [string, string, string];
  const expected = createHmac('sha256', subKey(dataKey, 'pending-login')).update(`${userId}.${expires}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!(Number(expires) > now)) return null;
  return userId;
}
