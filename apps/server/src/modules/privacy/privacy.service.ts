import type { Readable } from 'node:stream';
import { type DataExport, type DeleteAccountRequest, PRIVACY_MESSAGES, type PrivacyStatus } from '@kaksha/contracts';
import { verify } from '@node-rs/argon2';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, DbOrTx } from '../../core/db/client.ts';
import { dataExports, users } from '../../core/db/schema/index.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import type { Mailer } from '../../core/mailer.ts';
import type { Storage } from '../../core/storage.ts';
import { hasTwoFactor, type TwoFactorDeps, verifySecondFactor } from '../auth/auth.service.ts';
import type { ReembedQueue } from '../search/search.service.ts';
import { assertErasable, eraseAccount } from './privacy.erase.ts';
import { buildExport, countUserRows } from './privacy.export.ts';
import { exportReadyMail } from './privacy.mail.ts';

/**
 * The learner's data rights (issue #32, DPDP Act 2023; ADR 0018), the public face of the privacy
 * module: the export of everything held about a user (at once, or by a job for a large account),
 * and the erasure of an account.
 */

export {
  ERASURE_RULES,
  EXPORT_EXCLUDED,
  pseudonymTables,
  unlinkedUserColumns,
  userColumns,
} from './privacy.tables.ts';

type UserRow = typeof users.$inferSelect;

export const EXPORT_QUEUE = 'privacy-export';

export interface PrivacyConfig {
  /** Accounts with more rows than this get their export by a job and an e-mail. */
  exportInlineRows: number;
  /** How long a job-made export's link works. */
  exportLinkHours: number;
  publicUrl: string;
  /** The pseudonym course analytics knows a user by (its `learner` column), or null. */
  pseudonym: (userId: string) => string | null;
  /** Writes analytics events still waiting in memory, so an export or erasure finds them in the database. */
  flushAnalytics: () => Promise<void>;
}

export const privacyConfig = (app: FastifyInstance): PrivacyConfig => ({
  exportInlineRows: app.config.privacy.exportInlineRows,
  exportLinkHours: app.config.privacy.exportLinkHours,
  publicUrl: app.config.publicUrl,
  // modules/analytics' recorder words the row an event of this user would get: its `learner` is
  // the pseudonym, computed with the analytics key, which stays that module's.
  pseudonym: (userId) => app.analytics.row({ type: 'course_view', userId }, null)?.learner ?? null,
  flushAnalytics: () => app.analytics.flush(),
});

const exportKey = (userId: string, id: string) => `private/exports/${userId}/${id}.zip`;
export const exportFileName = (at: Date) => `kaksha-data-${at.toISOString().slice(0, 10)}.zip`;

const presentExport = (row: typeof dataExports.$inferSelect): DataExport => ({
  id: row.id,
  status: row.status,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  message:
    row.status === 'ready'
      ? PRIVACY_MESSAGES.exportReady
      : row.status === 'failed'
        ? PRIVACY_MESSAGES.exportFailed
        : PRIVACY_MESSAGES.exportQueued,
});

/**
 * `GET /api/user/export`: the ZIP at once for an account of up to `exportInlineRows` rows; a
 * larger one is queued (one at a time per user: an export already under way is answered again).
 */
export async function requestExport(
  app: { db: Db; storage: Storage; jobs: FastifyInstance['jobs'] },
  config: PrivacyConfig,
  user: UserRow,
): Promise<{ zip: Uint8Array } | { queued: DataExport }> {
  await removeExpiredExports(app.db, app.storage, user.id);
  // What they did a moment ago may still wait in this instance's analytics buffer (written every second).
  await config.flushAnalytics();
  const learner = config.pseudonym(user.id);
  const rows = await countUserRows(app.db, user.id, learner);
  if (rows <= config.exportInlineRows) return { zip: await buildExport(app.db, app.storage, user, learner) };
  const [open] = await app.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, user.id), eq(dataExports.status, 'queued')))
    .limit(1);
  if (open) return { queued: presentExport(open) };
  const row = await app.db.transaction(async (tx) => {
    const [inserted] = await tx.insert(dataExports).values({ userId: user.id }).returning();
    await app.jobs.send(EXPORT_QUEUE, { exportId: inserted.id }, { tx, retryLimit: 3, expireInSeconds: 900 });
    return inserted;
  });
  return { queued: presentExport(row) };
}

/** The job: builds the ZIP into private storage, marks it ready until the link expires, mails the link. */
export async function runExportJob(
  deps: { db: Db; storage: Storage; mailer: Mailer },
  config: PrivacyConfig,
  exportId: string,
  lastTry: boolean,
) {
  const [found] = await deps.db
    .select({ row: dataExports, user: users })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(eq(dataExports.id, exportId));
  if (found?.row.status !== 'queued' || found.user.deletedAt) return;
  const { row, user } = found;
  try {
    const zip = await buildExport(deps.db, deps.storage, user, config.pseudonym(user.id));
    const key = exportKey(user.id, row.id);
    await deps.storage.put(key, Buffer.from(zip));
    const expiresAt = new Date(Date.now() + config.exportLinkHours * 3_600_000);
    await deps.db.transaction(async (tx) => {
      await tx
        .update(dataExports)
        .set({ status: 'ready', storageKey: key, size: zip.byteLength, expiresAt })
        .where(eq(dataExports.id, row.id));
      const link = `${config.publicUrl}/api/user/export/${row.id}`;
      await deps.mailer.enqueue(exportReadyMail(user, link, expiresAt, config.exportLinkHours), tx);
    });
  } catch (error) {
    if (lastTry) await deps.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, row.id));
    throw error;
  }
}

/** `GET /api/user/export/{id}`: a ready export of this user's, until its link expires; 404 otherwise. */
export async function openExport(
  db: DbOrTx,
  storage: Storage,
  userId: string,
  id: string,
  now = new Date(),
): Promise<{ pending: DataExport } | { file: { stream: Readable; size?: number; createdAt: Date } }> {
  const gone = {
    id: 'privacy_export_not_found',
    message: 'This export does not exist or its link has expired',
  } as const;
  if (!isUuid(id)) throw notFound(gone);
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  if (!row || row.status === 'failed' || (row.expiresAt && row.expiresAt <= now)) throw notFound(gone);
  if (row.status !== 'ready' || !row.storageKey) return { pending: presentExport(row) };
  return { file: { stream: storage.read(row.storageKey), size: row.size ?? undefined, createdAt: row.createdAt } };
}

/** The profile's Data section: how erasure is confirmed, and the user's recent exports, newest first. */
export async function privacyStatus(db: DbOrTx, user: UserRow): Promise<PrivacyStatus> {
  const rows = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, user.id))
    .orderBy(desc(dataExports.createdAt))
    .limit(5);
  return {
    hasPassword: user.passwordHash !== null,
    twoFactorEnabled: await hasTwoFactor(db, user.id),
    exports: rows.map(presentExport),
  };
}

/** Expired exports' files and rows go (each new request, and the hourly sweep). */
export async function removeExpiredExports(db: Db, storage: Storage, userId?: string, now = new Date()) {
  const expired = await db
    .delete(dataExports)
    .where(and(lt(dataExports.expiresAt, now), userId ? eq(dataExports.userId, userId) : undefined))
    .returning({ key: dataExports.storageKey });
  for (const { key } of expired) if (key) await storage.remove(key).catch(() => {});
  return expired.length;
}

/**
 * The second factor when the account has 2FA on: modules/auth checks it (a code from the app, not
 * used before, or a recovery code, which is spent). The route limits attempts like a password's.
 */
async function checkSecondFactor(deps: TwoFactorDeps, userId: string, code: string | undefined) {
  if (!(await hasTwoFactor(deps.db, userId))) return;
  if (!code) {
    throw badRequest(
      { id: 'privacy_code_required', message: 'Enter the code from your authenticator app' },
      { code: 'Enter the code from your authenticator app' },
    );
  }
  if (!(await verifySecondFactor(deps, userId, code))) {
    throw badRequest(
      { id: 'privacy_code_wrong', message: 'That code is not right' },
      { code: 'That code is not right' },
    );
  }
}

/**
 * `POST /api/user/delete`: the password (or, for a Google-only account, its e-mail typed again),
 * the second factor when on, then the erasure. Refusals say what to do.
 */
export async function deleteAccount(
  app: { db: Db; storage: Storage; dataKey: TwoFactorDeps['dataKey'] },
  config: PrivacyConfig,
  reembed: ReembedQueue | null,
  user: UserRow,
  input: DeleteAccountRequest,
) {
  if (user.passwordHash) {
    if (!input.password) {
      throw badRequest(
        { id: 'privacy_password_required', message: 'Enter your password' },
        { password: 'Enter your password' },
      );
    }
    // argon2id, as modules/auth stores it.
    const ok = await verify(user.passwordHash, input.password).catch(() => false);
    if (!ok) {
      throw badRequest(
        { id: 'privacy_password_wrong', message: 'That password is not right' },
        { password: 'That password is not right' },
      );
    }
  } else if ((input.email ?? '').trim().toLowerCase() !== user.email) {
    throw badRequest(
      { id: 'privacy_email_mismatch', message: 'Type your account’s e-mail address to confirm' },
      { email: 'Type your account’s e-mail address to confirm' },
    );
  }
  // Refusals that need no secret come first: an educator learns what to do before typing a code.
  await assertErasable(app.db, user);
  await checkSecondFactor({ db: app.db, dataKey: app.dataKey }, user.id, input.code);
  await config.flushAnalytics();
  await eraseAccount(app.db, app.storage, user.id, reembed, config.pseudonym(user.id));
}

/** The export job's worker and the hourly sweep of expired exports. */
export const privacyPlugin = fp(
  async (app) => {
    const config = privacyConfig(app);
    await app.jobs.work<{ exportId: string }>(
      EXPORT_QUEUE,
      (data, job) => runExportJob(app, config, data.exportId, job.retryCount >= job.retryLimit),
      { concurrency: 1 },
    );
    const sweep = () =>
      removeExpiredExports(app.db, app.storage).catch((err) => app.log.warn({ err }, 'export sweep failed'));
    const timer = setInterval(sweep, 3_600_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'privacy', dependencies: ['mailer'] },
);

/** Exposed for the tests: whether a user row is a tombstone. */
export const isErased = (user: Pick<UserRow, 'deletedAt'>) => user.deletedAt !== null;
