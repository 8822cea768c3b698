import type { AuditPage } from '@kaksha/contracts';
import { desc, lt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../core/db/client.ts';
import { auditLog } from '../../core/db/schema/index.ts';

/**
 * The audit log (issue #31): every change an operator makes, written in the transaction of the
 * change itself (so there is no change without its line, nor a line without its change), append-only.
 */

export interface Actor {
  id: string;
  email: string;
}

export interface AuditChange {
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** An audit writer for one actor (null: the system, e.g. ADMIN_EMAILS at start or the CLI). */
export const auditAs =
  (actor: Actor | null) =>
  async (tx: DbOrTx | Tx, { action, target, before, after }: AuditChange) => {
    await tx.insert(auditLog).values({
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      action,
      target,
      before: before ?? null,
      after: after ?? null,
    });
  };

/** `GET /api/admin/audit?cursor=`: newest first. */
export async function listAudit(db: DbOrTx, cursor: string | undefined, limit: number): Promise<AuditPage> {
  const after = cursor && /^\d+$/.test(cursor) ? lt(auditLog.seq, Number(cursor)) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(after)
    .orderBy(desc(auditLog.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      _id: row.id,
      at: row.at.toISOString(),
      actor: { _id: row.actorId, email: row.actorEmail },
      action: row.action,
      target: row.target,
      before: row.before,
      after: row.after,
    })),
    nextCursor: rows.length > limit && last ? String(last.seq) : null,
  };
}
