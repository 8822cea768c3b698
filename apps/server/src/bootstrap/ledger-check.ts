import path from 'node:path';
import { ConfigError, loadConfig } from '../core/config.ts';
import { reconcile } from '../modules/earnings/earnings.service.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { openToolDatabase } from './tool-database.ts';

/**
 * `npm run ledger:check`: the reconciliation GET /api/admin/reconcile answers (issue #31), from the
 * command line — every captured payment with its invoice and sale, every refund with its credit note
 * and reversal, balances equal to their entries, payouts within what was available. Prints each
 * difference; exits 1 when there is any (for cron and CI), 0 on a healthy database.
 */
export async function ledgerCheck(env: NodeJS.ProcessEnv = process.env, log = console.log) {
  const database = await openToolDatabase(loadConfig(env));
  try {
    const result = await reconcile(database.db);
    for (const difference of result.differences) log(`${difference.check}: ${difference.message}`);
    log(result.ok ? 'ledger:check: no differences' : `ledger:check: ${result.differences.length} difference(s)`);
    return result;
  } finally {
    await database.close();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('bootstrap', 'ledger-check.ts'));
if (isMain) {
  ledgerCheck()
    .then((result) => process.exit(result.ok ? 0 : 1))
    .catch((error) => {
      console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
      process.exit(2);
    });
}
