import { type Locale, MESSAGES, type Role } from '@kaksha/contracts';
import { eq } from 'drizzle-orm';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import type { Config } from '../../core/config.ts';
import type { DbOrTx } from '../../core/db/client.ts';
import { users } from '../../core/db/schema/index.ts';
import { conflict, forbidden, serviceUnavailable, unauthorized } from '../../core/errors.ts';
import { revokeAllSessions } from '../../core/sessions.ts';
import { findUserByEmail, isUniqueViolation, normalizeEmail, type UserRow } from './auth.service.ts';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

/**
 * Verifies Google ID tokens: signature against Google's JWKS (fetched and cached by jose),
 * issuer, audience = our client id, expiry, and a verified email. Nothing else in the
 * request is trusted.
 */
export function googleVerifier(config: Config) {
  const clientId = config.google.clientId;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  return async function verifyGoogleCredential(credential: string): Promise<GoogleIdentity> {
    if (!clientId) throw serviceUnavailable(MESSAGES.googleNotConfigured);
    jwks ??= createRemoteJWKSet(new URL(config.google.jwksUrl), { timeoutDuration: 5000 });
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(credential, jwks, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ['RS256'],
        clockTolerance: 5,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw unauthorized({ id: 'google_expired', message: 'Your Google sign-in has expired. Please try again.' });
      }
      if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError)) {
        throw serviceUnavailable({
          id: 'google_unavailable',
          message: 'Google sign-in is unavailable right now. Please try again later.',
        });
      }
      throw unauthorized({
        id: 'google_invalid',
        message: 'Google sign-in failed: the Google credential could not be verified.',
      });
    }
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (typeof payload.email !== 'string' || !payload.email) {
      throw unauthorized({
        id: 'google_no_email',
        message: 'Google sign-in failed: the Google account has no email address.',
      });
    }
    if (!verified)
      throw forbidden({
        id: 'google_email_unverified',
        message: 'Your Google account’s email address is not verified.',
      });
    const email = normalizeEmail(payload.email);
    const name = (typeof payload.name === 'string' && payload.name.trim()) || email.split('@')[0] || 'Learner';
    return { sub: String(payload.sub), email, name: name.slice(0, 80) };
  };
}

/**
 * The account for a verified Google identity: the existing account with that email (its role and
 * language unchanged; linked to the Google id the first time), or a new one with the requested
 * role and language.
 */
export async function googleAccount(
  db: DbOrTx,
  identity: GoogleIdentity,
  role: Role,
  locale?: Locale,
): Promise<UserRow> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await findUserByEmail(db, identity.email);
    if (existing) {
      if (existing.googleSub === identity.sub) return existing;
      if (existing.googleSub)
        throw conflict({
          id: 'google_other_account',
          message: 'This email belongs to an account linked to another Google account.',
        });
      // First Google sign-in for an account made with a password. Sign-up never proved who owns the
      // email; Google just did. So whoever chose that password (perhaps not the owner) loses it and
      // every session; the owner keeps Google sign-in and can set a password by reset.
      try {
        const [linked] = await db
          .update(users)
          .set({ googleSub: identity.sub, passwordHash: null })
          .where(eq(users.id, existing.id))
          .returning();
        if (existing.passwordHash) await revokeAllSessions(db, existing.id);
        return linked ?? existing;
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict({
            id: 'google_already_linked',
            message: 'This Google account is already linked to another account.',
          });
        throw error;
      }
    }
    // The Google account's email changed since it was linked: same person, same account.
    const [bySub] = await db.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
    if (bySub) return bySub;
    try {
      const [created] = await db
        .insert(users)
        .values({
          name: identity.name,
          email: identity.email,
          passwordHash: null,
          role,
          googleSub: identity.sub,
          locale,
        })
        .returning();
      return created;
    } catch (error) {
      // Created at the same moment by a parallel request: look again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw conflict({ id: 'google_link_failed', message: 'This Google account could not be linked. Please try again.' });
}
