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
  /** Tells `observer` of every statement sent (Drizzle's, the job queue's, transactions'): metrics. */
  observeQueries(observer: QueryObserver): void;
  /** node-postgres's pool now (null on PGlite: one connection, its queue is the queries in flight). */
  poolStats(): PoolStats | null;
}

export interface QueryObserver {
  /** A statement starts (it may still wait for a connection or the embedded database). */
  start(): void;
  /** It ended after `seconds`, with an error or not. */
  end(seconds: number, failed: boolean): void;
}

export interface PoolStats {
  /** Connections open, of them idle, requests waiting for one, and the pool's limit. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/**
 * Wraps `target[method]` so each call reports to the current observer: promise-style calls when
 * they settle, callback-style ones (pg's pool calls its client that way) when called back; a
 * call answering anything else (a pg cursor or stream) passes through untimed.
 */
function timeCalls(target: object, method: string, observer: () => QueryObserver | null) {
  const t = target as Record<string, (...args: unknown[]) => unknown>;
  const original = t[method];
  t[method] = function timed(this: unknown, ...args: unknown[]) {
    const o = observer();
    if (!o) return original.apply(this, args);
    const started = performance.now();
    o.start();
    const end = (failed: boolean) => o.end((performance.now() - started) / 1000, failed);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = function called(this: unknown, error: unknown, ...rest: unknown[]) {
        end(Boolean(error));
        return callback.call(this, error, ...rest);
      };
      return original.apply(this, args);
    }
    let result: unknown;
    try {
      result = original.apply(this, args);
    } catch (error) {
      end(true);
      throw error;
    }
    if (result instanceof Promise) {
      result.then(
        () => end(false),
        () => end(true),
      );
    } else end(false);
    return result;
  };
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
  // Statements outside a transaction go through query/exec; inside one, through the transaction's own.
  let observer: QueryObserver | null = null;
  const current = () => observer;
  timeCalls(client, 'query', current);
  timeCalls(client, 'exec', current);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      timeCalls(tx, 'query', current);
      timeCalls(tx, 'exec', current);
      return callback(tx);
    });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    observeQueries: (o) => {
      observer = o;
    },
    poolStats: () => null,
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
    // No JIT compilation: this app's statements take milliseconds, and compiling one costs ~100–300 ms
    // (measured on the analytics bench: a minute of 2,000 events/s rolled up in 9.7 s without, 11.2 s with).
    options: '-c jit=off',
  });
  // A connection the server drops while idle (restart, failover, a dropped test database) is
  // reported here; unhandled it would crash the process. The pool opens a new one when needed.
  pool.on('error', (error) => opts.onConnectionError?.(error));
  // Every statement, through the pool or a transaction's connection, is a query on some client.
  let observer: QueryObserver | null = null;
  pool.on('connect', (client) => timeCalls(client, 'query', () => observer));
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
    observeQueries: (o) => {
      observer = o;
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    executeSql: (text, values) => pool.query(text, values),
  };
}
