import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';

/*
 * Where a user's data lives, read from the database itself (ADR 0018): every column with a foreign
 * key to users.id is a place the export reads and the erasure treats. Each such table has a rule
 * here; a table added later without one is still exported (the export reads every referencing
 * table) and its rows are deleted on erasure (the privacy-first default), and the privacy tests
 * fail until it is given a rule, so a new table is a decision, not an accident.
 */

/** A column of a table that points at a user. */
export interface UserColumn {
  table: string;
  column: string;
}

/**
 * What erasure does with a table's rows of the user:
 * - `delete`: removed (personal data with no reason to keep it);
 * - `keep`: kept, pointing at the tombstone, because of the `why` (tax law, other people's
 *   records); such rows hold no name or e-mail of the user (the erasure test scans for them),
 *   except tax documents, which keep the name by law;
 * - `handled`: changed by a step of its own in privacy.erase.ts (e.g. certificates revoked).
 */
export type ErasureRule = { erase: 'delete' } | { erase: 'keep' | 'handled'; why: string };

const del: ErasureRule = { erase: 'delete' };
const keep = (why: string): ErasureRule => ({ erase: 'keep', why });
const handled = (why: string): ErasureRule => ({ erase: 'handled', why });

/** Keyed `table.column`. */
export const ERASURE_RULES: Record<string, ErasureRule> = {
  'sessions.user_id': del,
  'password_resets.user_id': del,
  'billing_details.user_id': del,
  'lecture_progress.user_id': del,
  'quiz_attempts.user_id': del,
  'wishlist_items.user_id': del,
  'notifications.user_id': del,
  'notification_preferences.user_id': del,
  'notification_mails_sent.user_id': del,
  'notification_digests.user_id': del,
  'qa_votes.user_id': del,
  'qa_reports.user_id': del,
  'payout_accounts.educator_id': del,
  'two_factor.user_id': del,
  'two_factor_recovery_codes.user_id': del,
  'known_devices.user_id': del,
  'data_exports.user_id': handled('their files in storage are removed with them'),
  'certificates.user_id': handled('revoked and the name removed: the public page says it was revoked'),
  'courses.creator_id': handled('unpublished; enrolled learners keep access (the educator rule)'),
  'coupons.creator_id': handled('deactivated: redemptions on other people’s orders point at them'),
  'reviews.user_id': keep('shown as “Deleted user”: other learners rely on the course’s ratings'),
  'qa_questions.user_id': keep('shown as “Deleted user”: the answers of others belong to the thread'),
  'qa_answers.user_id': keep('shown as “Deleted user”: the question’s asker relies on the answer'),
  'notification_events.actor_id': handled('the name is removed from the notifications others got'),
  'enrollments.user_id': keep(
    'the course’s learner count and the amounts its educator was paid; no name, the account is gone',
  ),
  'payment_orders.user_id': keep('the tax invoices refer to the orders (CGST Act s.36: 72 months)'),
  'coupon_redemptions.user_id': keep('part of the paid orders that tax invoices refer to'),
  'refunds.user_id': keep('the credit notes refer to the refunds (CGST Act s.36)'),
  'invoices.user_id': keep('tax documents keep the buyer’s name (CGST Act s.36: 72 months)'),
  'ledger_entries.educator_id': keep('the ledger of money paid (CGST Act s.36, Income-tax Act s.44AA)'),
  'earnings_balances.educator_id': keep('the ledger’s running sums'),
  'earnings_monthly.educator_id': keep('the ledger’s monthly sums'),
  'payouts.educator_id': keep('money paid out: the ledger refers to each payout'),
};

/**
 * Columns that hold a user's id without a foreign key, by the names the schema gives user ids
 * (`user_id`, `educator_id`, `creator_id`, `actor_id`): operators' actions, kept after an account
 * goes, and analytics' per-educator figures (issue #33). Read from the schema like the foreign
 * keys, and read by the export only: they hold no name or e-mail, and erasure keeps them (figures
 * and records of what was done, pointing at the tombstone).
 */
export const UNLINKED_ID_NAMES = ['user_id', 'educator_id', 'creator_id', 'actor_id'];

let unlinkedCached: Promise<UserColumn[]> | undefined;

export function unlinkedUserColumns(db: DbOrTx, fresh = false): Promise<UserColumn[]> {
  if (!unlinkedCached || fresh) {
    const names = sql.join(
      UNLINKED_ID_NAMES.map((n) => sql`${n}`),
      sql`, `,
    );
    const reading = db
      .execute(
        sql`select c.table_name as "table", c.column_name as "column" from information_schema.columns c
            join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
            where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.data_type = 'uuid'
              and c.column_name in (${names})
              and not exists (
                select 1 from information_schema.key_column_usage k
                join information_schema.table_constraints tc
                  on tc.constraint_schema = k.constraint_schema and tc.constraint_name = k.constraint_name
                where tc.constraint_type = 'FOREIGN KEY' and k.table_schema = 'public'
                  and k.table_name = c.table_name and k.column_name = c.column_name)
            order by 1, 2`,
      )
      .then((r) => (r as unknown as { rows: UserColumn[] }).rows.map((x) => ({ table: x.table, column: x.column })));
    unlinkedCached = reading;
    reading.catch(() => {
      if (unlinkedCached === reading) unlinkedCached = undefined;
    });
    return reading;
  }
  return unlinkedCached;
}

/**
 * Tables that reference users but are left out of the export on purpose, with the reason.
 * (None today: every referencing table is exported.)
 */
export const EXPORT_EXCLUDED: Record<string, string> = {};

/** Columns never written into an export: secrets, and values derived from other columns. */
export const WITHHELD_COLUMN = /(^|_)(hash|secret|encrypted|token|tsv)$|^google_sub$/;

let cached: Promise<UserColumn[]> | undefined;

/**
 * Every column of the public schema with a foreign key to users.id, as the database says.
 * Read once per process (the schema changes only with a migration, which restarts it).
 */
export function userColumns(db: DbOrTx, fresh = false): Promise<UserColumn[]> {
  if (!cached || fresh) {
    const reading = db
      .execute(
        sql`select kcu.table_name as "table", kcu.column_name as "column"
            from information_schema.table_constraints tc
            join information_schema.key_column_usage kcu
              on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
            join information_schema.constraint_column_usage ccu
              on ccu.constraint_schema = tc.constraint_schema and ccu.constraint_name = tc.constraint_name
            where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'
              and ccu.table_schema = 'public' and ccu.table_name = 'users' and ccu.column_name = 'id'
            order by 1, 2`,
      )
      .then((r) => (r as unknown as { rows: UserColumn[] }).rows.map((x) => ({ table: x.table, column: x.column })));
    cached = reading;
    reading.catch(() => {
      if (cached === reading) cached = undefined;
    });
    return reading;
  }
  return cached;
}

let pseudonymCached: Promise<string[]> | undefined;

/**
 * Tables that hold a person under a pseudonym instead of their id (course analytics, issue #33: a
 * `learner` column, a keyed hash of the user id that modules/analytics computes), read from the
 * database like the foreign keys: the export gives the user their rows, erasure deletes them (the
 * tombstone keeps its id, so its pseudonym would otherwise still link them to it).
 */
export function pseudonymTables(db: DbOrTx, fresh = false): Promise<string[]> {
  if (!pseudonymCached || fresh) {
    const reading = db
      .execute(
        sql`select c.table_name as "table" from information_schema.columns c
            join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
            where c.table_schema = 'public' and c.column_name = 'learner' and t.table_type = 'BASE TABLE'
            order by 1`,
      )
      .then((r) => (r as unknown as { rows: { table: string }[] }).rows.map((x) => x.table));
    pseudonymCached = reading;
    reading.catch(() => {
      if (pseudonymCached === reading) pseudonymCached = undefined;
    });
    return reading;
  }
  return pseudonymCached;
}

export const ruleOf = (c: UserColumn): ErasureRule => ERASURE_RULES[`${c.table}.${c.column}`] ?? del;

/** A quoted SQL identifier (names come from the catalogue, quoted anyway). */
export const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);
