import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** Both drivers expose the same query API; code is written once against this type. */
export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Raw SQL for libraries that bring their own (the job queue): `$n` parameters, or several
   * statements when there are none. Answers the (last) statement's rows.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Calls `listener` with each committed catalogue version (migration 0006's notification), where
   * this process sees every write: the embedded database only (its one process holds DATA_DIR).
   * Null on PostgreSQL, where other instances write too.
   */
  watchCatalogVersion: ((listener: (version: number) => void) => Promise<void>) | null;
}

/** The committed SQL migrations sit next to this file in source, and are copied beside the bundle in dist. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * `dataDir` undefined → in-memory PGlite (tests). `opts.loadDataDir` starts from a dumped data
 * directory (`dumpDataDir`: the tests' migrated template) instead of an empty one; migrating it
 * then only checks that every migration is in.
 */
export async function openPglite(dataDir: string | undefined, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent }, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    // PGlite delivers a notification before the committing statement's promise resolves.
    watchCatalogVersion: async (listener) => {
      await client.listen('catalog_version', (payload) => listener(Number(payload)));
    },
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
      try {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      } catch (error) {
        // A script that opened a transaction and failed must not leave the one connection aborted.
        await client.exec('rollback').catch(() => {});
        throw error;
      }
    },
  };
}

export async function openPostgres(
  url: string,
  opts: { poolSize?: number; statementTimeoutMs?: number; onConnectionError?: (error: Error) => void } = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    // A runaway query is cancelled by the server instead of holding a connection for ever.
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    // Waiting for a free connection longer than this fails the request instead of queueing it unboundedly.
    connectionTimeoutMillis: 10_000,
  });
  // A connection the server drops while idle (restart, failover, a dropped test database) is
  // reported here; unhandled it would crash the process. The pool opens a new one when needed.
  pool.on('error', (error) => opts.onConnectionError?.(error));
  const db = drizzleNodePg(pool, { schema });
  // Several instances may start at once: one migrates while the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    // Waiting for another instance's migration, and migrating, may take longer than a request may.
    await lockClient.query('set statement_timeout = 0');
    await lockClient.query('select pg_advisory_lock(727274)');
    await migrateNodePg(drizzleNodePg(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727274)').catch(() => {});
    // The connection returns to the pool: give it back the pool's statement timeout.
    await lockClient.query('reset statement_timeout').catch(() => {});
    lockClient.release();
  }
  return {
    db,
    kind: 'postgres',
    watchCatalogVersion: null,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    executeSql: (text, values) => pool.query(text, values),
  };
}
