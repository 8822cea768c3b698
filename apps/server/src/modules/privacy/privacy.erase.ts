import { DELETED_USER_NAME } from '@kaksha/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db/client.ts';
import {
  certificates,
  coupons,
  courses,
  dataExports,
  earningsBalances,
  enrollments,
  users,
} from '../../core/db/schema/index.ts';
import { conflict, forbidden } from '../../core/errors.ts';
import type { Storage } from '../../core/storage.ts';
import { type ReembedQueue, reindexCourse } from '../search/search.service.ts';
import { ident, pseudonymTables, ruleOf, userColumns } from './privacy.tables.ts';

/*
 * Erasure (DPDP Act 2023 s.12; ADR 0018). The users row is not deleted but made a tombstone: tax
 * invoices (append-only, kept 72 months by CGST Act s.36) point at payment orders that point at
 * the user, the ledger points at educators, and kept reviews and Q&A need an author. The tombstone
 * holds no name, e-mail, password, Google link or photo; every table that references the user is
 * treated by its rule (privacy.tables.ts): personal rows deleted, kept rows free of the person.
 */

type UserRow = typeof users.$inferSelect;

/** The address an erased account keeps in the unique, non-null e-mail column: never deliverable (RFC 2606). */
export const tombstoneEmail = (userId: string) => `${userId}@deleted.invalid`;

/**
 * Why this account cannot be erased yet, or nothing. Admins: the operator console and its audit
 * log need another way out (ADMIN_EMAILS would make a new sign-up with the address an admin again).
 * Educators: a published course with learners must be unpublished first (learners keep access to
 * unpublished courses they are enrolled in), and earnings not yet paid out must be paid first.
 */
export async function assertErasable(db: DbOrTx, user: UserRow) {
  if (user.role === 'admin') {
    throw forbidden({
      id: 'privacy_admin',
      message:
        'An operator account cannot be deleted here. Remove it from ADMIN_EMAILS and ask another operator to change its role first.',
    });
  }
  const [{ n }] = await db
    .select({ n: sql<number>`count(distinct ${courses.id})::int` })
    .from(courses)
    .innerJoin(enrollments, eq(enrollments.courseId, courses.id))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(courses.creatorId, user.id), eq(courses.isPublished, true), isNull(users.deletedAt)));
  if (n > 0) {
    throw conflict({
      id: 'privacy_educator_has_learners',
      message: `You have ${n} published course${n === 1 ? '' : 's'} with enrolled learners. Unpublish ${n === 1 ? 'it' : 'them'} first (Courses → edit → Unpublish): your learners keep access to unpublished courses they are enrolled in. Then delete your account.`,
      params: { count: n },
    });
  }
  const [balance] = await db
    .select({ balance: earningsBalances.balance })
    .from(earningsBalances)
    .where(eq(earningsBalances.educatorId, user.id));
  if (balance && balance.balance > 0) {
    const amount = (balance.balance / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });
    throw conflict({
      id: 'privacy_balance_owed',
      message: `Your earnings of ₹${amount} have not been paid out yet. Delete your account after the next payout, or write to us to give them up.`,
      params: { amount: balance.balance / 100 },
    });
  }
}

/**
 * Erases the account in one transaction (the caller has checked the password and the second
 * factor). Files (avatar, exports) are removed after it commits: a failed removal leaves an
 * unreachable file, never a half-erased account.
 */
export async function eraseAccount(
  db: Db,
  storage: Storage,
  userId: string,
  reembed: ReembedQueue | null,
  learner: string | null,
  now = new Date(),
) {
  const columns = await userColumns(db);
  const pseudonymous = learner ? await pseudonymTables(db) : [];
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.deletedAt) return;
    await assertErasable(tx, user);

    // Rows with no reason to stay: every `delete` rule, and any referencing table without a rule.
    for (const c of columns) {
      if (ruleOf(c).erase === 'delete') {
        await tx.execute(sql`delete from ${ident(c.table)} where ${ident(c.column)} = ${userId}::uuid`);
      }
    }
    await tx.delete(dataExports).where(eq(dataExports.userId, userId));
    // Analytics under their pseudonym: raw events, searches (with what they typed), click evidence.
    for (const table of pseudonymous) await tx.execute(sql`delete from ${ident(table)} where learner = ${learner}`);

    await revokeCertificates(tx, user, now);

    // The educator's courses leave the catalogue (their learners keep access); coupons stop working.
    const own = await tx
      .update(courses)
      .set({ isPublished: false })
      .where(eq(courses.creatorId, userId))
      .returning({ id: courses.id });
    await tx.update(coupons).set({ active: false }).where(eq(coupons.creatorId, userId));

    await renameInNotifications(tx, user);

    // The tombstone.
    await tx
      .update(users)
      .set({
        name: DELETED_USER_NAME,
        email: tombstoneEmail(userId),
        passwordHash: null,
        googleSub: null,
        photoKey: null,
        description: '',
        showContactEmail: false,
        locale: 'en',
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));

    // Course search holds the educator's name: index the courses again under the tombstone's.
    for (const { id } of own) await reindexCourse(tx, id, reembed);

    // Queued jobs that carry the address (mail to the user): never sent now.
    await tx.execute(sql`delete from pgboss.job where position(${user.email} in data::text) > 0`);
    await tx.execute(sql`delete from pgboss.archive where position(${user.email} in data::text) > 0`);
  });
  await storage.removePrefix(`public/avatars/${userId}/`).catch(() => {});
  await storage.removePrefix(`private/exports/${userId}/`).catch(() => {});
}

/** Certificates: revoked, without the learner's name; an educator's name off their learners' ones. */
async function revokeCertificates(tx: DbOrTx, user: UserRow, now: Date) {
  const userId = user.id;
  await tx
    .update(certificates)
    .set({ revokedAt: now, learnerName: DELETED_USER_NAME })
    .where(eq(certificates.userId, userId));
  await tx
    .update(certificates)
    .set({ educatorName: DELETED_USER_NAME })
    .where(
      and(
        eq(certificates.educatorName, user.name),
        sql`${certificates.courseId} in (select id from courses where creator_id = ${userId}::uuid)`,
      ),
    );
}

/** The name in notifications others got about what this user did (answers: "Asha: …"). */
async function renameInNotifications(tx: DbOrTx, user: UserRow) {
  const userId = user.id;
  const name = JSON.stringify(user.name);
  await tx.execute(sql`
    update notifications n set
      params = case when n.params is null then null
               else replace(n.params::text, ${name}, ${JSON.stringify(DELETED_USER_NAME)})::jsonb end,
      title = replace(n.title, ${user.name}, ${DELETED_USER_NAME}),
      body = replace(n.body, ${user.name}, ${DELETED_USER_NAME})
    from notification_events e
    where e.id = n.event_id and e.actor_id = ${userId}::uuid`);
}
