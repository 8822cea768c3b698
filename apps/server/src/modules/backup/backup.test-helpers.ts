import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabase } from '../../../../../scripts/databases.mjs';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../core/config.ts';
import { type Database, openPglite, openPostgres } from '../../core/db/client.ts';
import { testEnv } from '../../test/app.ts';

export const onPostgres = process.env.TEST_DB === 'postgres';

/** A new database on the test server: a copy of the run's migrated template, or empty (for restores). */
export async function createPgDatabase(opts: { empty?: boolean } = {}) {
  const template = opts.empty ? 'template0' : inject('postgresTemplate');
  return createDatabase(process.env.TEST_DATABASE_URL as string, `kaksha_test_${randomBytes(6).toString('hex')}`, {
    template,
  });
}

export interface ServerOnData {
  app: Awaited<ReturnType<typeof buildApp>>;
  dataDir: string;
  /** The environment `npm run backup` would run with against this server. */
  env: Record<string, string>;
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * The whole app as a server runs it: the embedded database on disk in DATA_DIR/db (started from
 * the run's migrated template), or PostgreSQL through DATABASE_URL (a copy of the template). With
 * `restored` it starts on a DATA_DIR (and database) a restore made instead.
 */
export async function serverOnData(
  env: Record<string, string> = {},
  restored?: { dataDir: string; databaseUrl?: string },
): Promise<ServerOnData> {
  const dataDir = restored?.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'kaksha-backup-live-')));
  let database: Database;
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (onPostgres) {
    if (restored?.databaseUrl) databaseUrl = restored.databaseUrl;
    else {
      const created = await createPgDatabase();
      databaseUrl = created.url;
      drop = created.drop;
    }
    database = await openPostgres(databaseUrl, { poolSize: 6 });
  } else if (restored) {
    database = await openPglite(path.join(dataDir, 'db'));
  } else {
    const template = inject('pgliteTemplate');
    const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
    database = await openPglite(path.join(dataDir, 'db'), { loadDataDir });
  }
  const fullEnv: Record<string, string> = {
    ...testEnv(dataDir),
    VIDEO_PROCESSING: 'false',
    PUBLISH_CHECKLIST: 'off',
    ADMIN_2FA_REQUIRED: 'false',
    PAYOUT_2FA_REQUIRED: 'false',
    // Sign-ups from one address all through the test.
    AUTH_RATE_LIMIT_SCALE: '1000',
    ...(databaseUrl
      ? { DATABASE_URL: databaseUrl, DATA_ENCRYPTION_KEY: 'test-data-encryption-key-0123456789abcdef' }
      : {}),
    ...env,
  };
  const app = await buildApp(loadConfig(fullEnv), { database });
  await app.ready();
  return {
    app,
    dataDir,
    env: fullEnv,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
