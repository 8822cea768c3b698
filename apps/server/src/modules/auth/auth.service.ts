import { type Locale, MESSAGES, type Role } from '@kaksha/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { users } from '../../core/db/schema/index.ts';
import { conflict, unauthorized } from '../../core/errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export type UserRow = typeof users.$inferSelect;

/** Emails are stored trimmed and lower-cased, so lookups and uniqueness ignore case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user ?? null;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/** PostgreSQL's unique_violation, whichever driver (and drizzle wrapper) reports it. */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export async function signup(
  db: DbOrTx,
  input: { name: string; email: string; password: string; role: Role; locale?: Locale },
): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) throw conflict(MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ name: input.name.trim(), email, passwordHash, role: input.role, locale: input.locale })
      .returning();
    return user;
  } catch (error) {
    // Two sign-ups for one email at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken);
    throw error;
  }
}

/** The user for these credentials; the same 401 for an unknown email and a wrong password. */
export async function login(db: DbOrTx, input: { email: string; password: string }): Promise<UserRow> {
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw unauthorized(MESSAGES.invalidLogin);
  return user;
}

/*
 * Two-factor sign-in (issue #32), for other modules: `verifySecondFactor(app, userId, code)` (true when
 * 2FA is off or the code — from the app, or a recovery code, then spent — is valid; account deletion
 * asks it), `hasTwoFactor` (the admin console's and payouts' requirement) and `resetTwoFactor` (the
 * operator's `npm run 2fa:reset`).
 */
export {
  hasTwoFactor,
  resetTwoFactor,
  type TwoFactorDeps,
  verifySecondFactor,
} from './auth.two-factor.ts';
