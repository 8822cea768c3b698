import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../core/config.ts';
import { createAdmin } from '../modules/admin/admin.service.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { openToolDatabase } from './tool-database.ts';

/**
 * `npm run admin:create -- --email ops@example.com [--name "Night shift"]`: makes that account an
 * operator (the admin role, issue #31), or creates it with a random password printed once. The
 * grant is written to the audit log. Works on DATABASE_URL, or on DATA_DIR's embedded database
 * while the server is stopped.
 */
export async function adminCreate(argv: string[], env: NodeJS.ProcessEnv = process.env, log = console.log) {
  const { values } = parseArgs({ args: argv, options: { email: { type: 'string' }, name: { type: 'string' } } });
  if (!values.email || !/^[^\s@]+@[^\s@]+$/.test(values.email)) {
    throw new ConfigError('usage: npm run admin:create -- --email ops@example.com [--name "Operator"]');
  }
  const config = loadConfig(env);
  const database = await openToolDatabase(config);
  try {
    const { user, created, password } = await createAdmin(database.db, values.email, values.name);
    if (created) log(`admin:create: created ${user.email} as an admin; one-time password: ${password}`);
    else log(`admin:create: ${user.email} is an admin`);
    return { user, created, password };
  } finally {
    await database.close();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('bootstrap', 'admin-create.ts'));
if (isMain) {
  adminCreate(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
    process.exit(1);
  });
}
