import path from 'node:path';
import type { Config } from '../core/config.ts';
import { type Database, openPglite, openPostgres } from '../core/db/client.ts';
import { lockDataDir } from './data-dir-lock.ts';

/**
 * The database a command-line tool works on: DATABASE_URL's, or the embedded one in DATA_DIR —
 * only while no server holds it (its lock; DataDirLockedError names the server otherwise).
 * Migrations run first, as at a server's start.
 */
export async function openToolDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { poolSize: 2 });
  const lock = lockDataDir(config.dataDir);
  const database = await openPglite(path.join(config.dataDir, 'db'));
  return {
    ...database,
    close: async () => {
      await database.close();
      lock.release();
    },
  };
}
