import { createHash, randomBytes, randomInt } from 'node:crypto';
import { type Locale, MESSAGES, OTP_LENGTH } from '@kaksha/contracts';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db/client.ts';
import { passwordResets, users } from '../../core/db/schema/index.ts';
import { badRequest, type ErrorText } from '../../core/errors.ts';
import { html, t } from '../../core/i18n.ts';
import type { MailMessage } from '../../core/mailer.ts';
import { revokeAllSessions } from '../../core/sessions.ts';
import { findUserByEmail } from './auth.service.ts';
import { hashPassword } from './passwords.ts';

export const OTP_TTL_MS = 10 * 60 * 1000;
/** After a successful verifyotp, the password must be reset within this time. */
export const RESET_WINDOW_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;

export const RESET_MESSAGES = {
  invalidOrExpired: 'This OTP is invalid or has expired. Please request a new one.',
  tooManyAttempts: 'Too many wrong attempts. Please request a new OTP.',
  wrongOtp: (left: number) => `Invalid OTP. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
  verifyFirst: 'Please verify the OTP sent to your email before resetting your password.',
  verificationExpired: 'Your OTP verification has expired. Please request a new OTP.',
} as const;

/** The refusals of the reset steps, with their ids. */
const RESET_ERRORS = {
  invalidOrExpired: { id: 'otp_invalid_or_expired', message: RESET_MESSAGES.invalidOrExpired },
  tooManyAttempts: { id: 'otp_too_many_attempts', message: RESET_MESSAGES.tooManyAttempts },
  wrongOtp: (left: number) => ({ id: 'otp_wrong', message: RESET_MESSAGES.wrongOtp(left), params: { left } }),
  verifyFirst: { id: 'otp_verify_first', message: RESET_MESSAGES.verifyFirst },
  verificationExpired: { id: 'otp_verification_expired', message: RESET_MESSAGES.verificationExpired },
} satisfies Record<string, ErrorText | ((left: number) => ErrorText)>;

/** A uniformly random 4-digit code from the cryptographic RNG. */
export const generateOtp = () =>
  randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');

/** The reset-code mail, in the account's language. */
export function otpMail(
  to: string,
  name: string,
  code: string,
  locale: Locale = 'en',
  productName = 'Kaksha',
): MailMessage {
  const product = { product: productName };
  const minutes = OTP_TTL_MS / 60_000;
  const subject = t(locale, 'mail.otp.subject', product);
  const text = [
    t(locale, 'mail.greeting', { name }),
    '',
    `${t(locale, 'mail.otp.codeIs', product)} ${code}`,
    '',
    t(locale, 'mail.otp.validity', { minutes }),
    '',
    t(locale, 'mail.signoff', product),
  ].join('\n');
  const body = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#0f172a">
<p>${html(locale, 'mail.greeting', { name })}</p>
<p>${html(locale, 'mail.otp.codeIs', product)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>
<p>${html(locale, 'mail.otp.validity', { minutes })}</p>
<p>${html(locale, 'mail.signoff', product)}</p>
</body></html>`;
  return { to, subject, text, html: body, validForMs: OTP_TTL_MS };
}

/**
 * Creates a new code for the account (replacing any earlier one) and returns the mail to
 * send, or null when there is no account. Callers answer the same either way.
 */
export async function createResetCode(db: DbOrTx, email: string) {
  const user = await findUserByEmail(db, email);
  const code = generateOtp();
  // Hash even without an account, so the answer takes as long either way.
  const codeHash = await hash(code);
  if (!user) return null;
  const now = new Date();
  const values = {
    codeHash,
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    failedAttempts: 0,
    verifiedAt: null,
    createdAt: now,
  };
  await db
    .insert(passwordResets)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: passwordResets.userId, set: values });
  return otpMail(user.email, user.name, code, user.locale);
}

/**
 * Checks the code. Each try is reserved atomically before the hash is compared, so at most
 * five tries per code are possible even in parallel; a right code marks the reset verified.
 */
export async function verifyResetCode(db: Db, email: string, otp: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw badRequest(RESET_ERRORS.invalidOrExpired);
  const now = new Date();
  const [reserved] = await db
    .update(passwordResets)
    .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
    .where(
      and(
        eq(passwordResets.userId, user.id),
        lt(passwordResets.failedAttempts, OTP_MAX_ATTEMPTS),
        gt(passwordResets.expiresAt, now),
        isNull(passwordResets.verifiedAt),
      ),
    )
    .returning();
  if (!reserved) {
    const [current] = await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    if (current && !current.verifiedAt && current.expiresAt > now && current.failedAttempts >= OTP_MAX_ATTEMPTS) {
      throw badRequest(RESET_ERRORS.tooManyAttempts);
    }
    throw badRequest(RESET_ERRORS.invalidOrExpired);
  }
  const ok = await verify(reserved.codeHash, otp).catch(() => false);
  if (!ok) {
    const left = OTP_MAX_ATTEMPTS - reserved.failedAttempts;
    throw badRequest(left > 0 ? RESET_ERRORS.wrongOtp(left) : RESET_ERRORS.tooManyAttempts);
  }
  // The code is used up. In its place the row keeps the hash of a reset token that only this
  // browser gets (an httpOnly cookie), so knowing the email is not enough to set a password
  // in someone else's verified window. The right code does not use up a try.
  const resetToken = randomBytes(32).toString('base64url');
  const [marked] = await db
    .update(passwordResets)
    .set({
      codeHash: hashResetToken(resetToken),
      verifiedAt: new Date(),
      failedAttempts: sql`${passwordResets.failedAttempts} - 1`,
    })
    .where(
      and(
        eq(passwordResets.userId, user.id),
        eq(passwordResets.codeHash, reserved.codeHash),
        isNull(passwordResets.verifiedAt),
      ),
    )
    .returning({ userId: passwordResets.userId });
  // A new code was requested meanwhile, or a parallel request verified first.
  if (!marked) throw badRequest(RESET_ERRORS.invalidOrExpired);
  return { message: MESSAGES.otpVerified, resetToken };
}

const hashResetToken = (token: string) => `reset:${createHash('sha256').update(token).digest('hex')}`;

/** Sets the new password once, within 10 minutes of a successful verifyotp, and ends every session. */
export async function resetPassword(db: Db, email: string, password: string, resetToken: string | undefined) {
  const user = await findUserByEmail(db, email);
  if (!user || !resetToken) throw badRequest(RESET_ERRORS.verifyFirst);
  const [current] = await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
  if (!current?.verifiedAt || current.codeHash !== hashResetToken(resetToken)) {
    throw badRequest(RESET_ERRORS.verifyFirst);
  }
  const since = new Date(Date.now() - RESET_WINDOW_MS);
  if (current.verifiedAt <= since) throw badRequest(RESET_ERRORS.verificationExpired);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Deleting the verified row is what makes the reset single-use, even for parallel requests.
    const [used] = await tx
      .delete(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, user.id),
          eq(passwordResets.codeHash, hashResetToken(resetToken)),
          gt(passwordResets.verifiedAt, since),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!used) throw badRequest(RESET_ERRORS.verifyFirst);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id);
  });
  return MESSAGES.passwordReset;
}
