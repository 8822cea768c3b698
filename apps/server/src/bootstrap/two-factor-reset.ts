import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../core/config.ts';
import { findUserByEmail, resetTwoFactor } from '../modules/auth/auth.service.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { openToolDatabase } from './tool-database.ts';

/**
 * `npm run 2fa:reset -- --email learner@example.com`: for a user who lost their phone and their
 * recovery codes, once the operator has checked who is asking (docs/operations.md): two-factor
 * sign-in off and every session of the account ended, so the next sign-in is by password (or
 * Google) alone and the user sets 2FA up again. Works on DATABASE_URL, or on DATA_DIR's embedded
 * database while the server is stopped.
 */
export async function twoFactorReset(argv: string[], env: NodeJS.ProcessEnv = process.env, log = console.log) {
  const { values } = parseArgs({ args: argv, options: { email: { type: 'string' } } });
  if (!values.email || !/^[^\s@]+@[^\s@]+$/.test(values.email)) {
    throw new ConfigError('usage: npm run 2fa:reset -- --email learner@example.com');
  }
  const config = loadConfig(env);
  const database = await openToolDatabase(config);
  try {
    const user = await findUserByEmail(database.db, values.email);
    if (!user) throw new ConfigError(`2fa:reset: no account has the e-mail ${values.email}`);
    const had = await resetTwoFactor(database.db, user.id);
    log(
      had
        ? `2fa:reset: two-factor sign-in is off for ${user.email} and every session of the account is ended`
        : `2fa:reset: ${user.email} had no two-factor sign-in; every session of the account is ended`,
    );
    return { user, had };
  } finally {
    await database.close();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('bootstrap', 'two-factor-reset.ts'));
if (isMain) {
  twoFactorReset(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
    process.exit(1);
  });
}
