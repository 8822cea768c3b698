import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../../core/db/client.ts';
import { adminEmails, users } from '../../core/db/schema/index.ts';
import { findUserByEmail, normalizeEmail, signup } from '../auth/auth.service.ts';
import { auditAs } from './admin.audit.ts';

/**
 * The operator role (issue #31), the public face of the admin module: `admin` is never chosen at
 * sign-up. It comes from ADMIN_EMAILS (for a first deploy: an account with one of these e-mails,
 * existing or signed up later, is an admin) or from `npm run admin:create -- --email …`. Either way
 * the grant is written to the audit log.
 */

/**
 * Keeps the database's copy of ADMIN_EMAILS (a trigger makes a new account with one of them an
 * admin, however it signs up) and makes existing accounts with them admins, at every start.
 */
export async function syncAdminEmails(db: Db, emails: string[]) {
  return db.transaction(async (tx) => {
    // Instances starting together take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin_emails'))`);
    await tx.delete(adminEmails);
    if (emails.length === 0) return [];
    await tx
      .insert(adminEmails)
      .values(emails.map((email) => ({ email })))
      .onConflictDoNothing();
    const promoted = await tx
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(and(inArray(users.email, emails), ne(users.role, 'admin')))
      .for('update');
    for (const user of promoted) {
      await tx.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
      await auditAs(null)(tx, {
        action: 'admin.grant',
        target: `user:${user.id}`,
        before: { email: user.email, role: user.role },
        after: { email: user.email, role: 'admin', by: 'ADMIN_EMAILS' },
      });
    }
    return promoted;
  });
}

export const adminPlugin = fp(
  async (app) => {
    const promoted = await syncAdminEmails(app.db, app.config.adminEmails);
    if (promoted.length > 0)
      app.log.info({ emails: promoted.map((u) => u.email) }, 'ADMIN_EMAILS: accounts made admins');
  },
  { name: 'admin', dependencies: ['db'] },
);

/**
 * `npm run admin:create -- --email …`: makes the account with this e-mail an admin, or creates one
 * (with a random password, answered once: sign in with it, or reset it by e-mail).
 */
export async function createAdmin(db: Db, emailGiven: string, name = 'Operator') {
  const email = normalizeEmail(emailGiven);
  const existing = await findUserByEmail(db, email);
  const password = existing ? null : randomBytes(12).toString('base64url');
  const user = existing ?? (await signup(db, { name, email, password: password as string, role: 'student' }));
  if (user.role === 'admin' && existing) return { user, created: false, password };
  await db.transaction(async (tx) => {
    await tx.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    await auditAs(null)(tx, {
      action: 'admin.grant',
      target: `user:${user.id}`,
      before: { email, role: existing ? user.role : null },
      after: { email, role: 'admin', by: 'admin:create' },
    });
  });
  return { user: { ...user, role: 'admin' as const }, created: !existing, password };
}
