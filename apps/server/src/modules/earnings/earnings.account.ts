import type { PayoutAccount, payoutAccountRequestSchema } from '@kaksha/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../core/db/client.ts';
import { payoutAccounts } from '../../core/db/schema/index.ts';
import { type DataKey, decrypt, encrypt } from './earnings.crypto.ts';

/**
 * An educator's payout account (issue #31): a bank account in India and the holder's PAN, checked by
 * format in the contract (400 naming the field). The number and PAN are stored encrypted; answers
 * carry their last four characters only.
 */

type Row = typeof payoutAccounts.$inferSelect;

const present = (row: Row): PayoutAccount => ({
  accountHolder: row.accountHolder,
  accountLast4: row.accountLast4,
  ifsc: row.ifsc,
  panLast4: row.panLast4,
  updatedAt: row.updatedAt.toISOString(),
});

export async function getPayoutAccount(db: DbOrTx, educatorId: string): Promise<PayoutAccount | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.educatorId, educatorId)).limit(1);
  return row ? present(row) : null;
}

/**
 * Saves (creates or replaces) the account. A new bank account needs a new Razorpay Route linked
 * account, so the Route steps start again at the next payout.
 */
export async function savePayoutAccount(
  db: DbOrTx,
  key: DataKey,
  educatorId: string,
  input: z.output<typeof payoutAccountRequestSchema>,
): Promise<PayoutAccount> {
  const values = {
    accountHolder: input.accountHolder,
    accountNumberEncrypted: encrypt(key, input.accountNumber),
    accountLast4: input.accountNumber.slice(-4),
    ifsc: input.ifsc,
    panEncrypted: encrypt(key, input.pan),
    panLast4: input.pan.slice(-4),
    routeAccountId: null,
    routeProductId: null,
    routeReadyAt: null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(payoutAccounts)
    .values({ educatorId, ...values })
    .onConflictDoUpdate({ target: payoutAccounts.educatorId, set: values })
    .returning();
  return present(row as Row);
}

/** The account with its secrets, for the payout provider only. */
export async function accountForPayout(db: DbOrTx, key: DataKey, educatorId: string) {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.educatorId, educatorId)).limit(1);
  if (!row) return null;
  return { ...row, accountNumber: decrypt(key, row.accountNumberEncrypted), pan: decrypt(key, row.panEncrypted) };
}
export type AccountForPayout = NonNullable<Awaited<ReturnType<typeof accountForPayout>>>;
