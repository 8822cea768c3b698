import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { create as createTar } from 'tar';
import type { Config } from '../../core/config.ts';
import type { Database } from '../../core/db/client.ts';
import {
  appVersion,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  listFiles,
  MANIFEST_ENTRY,
  type MediaState,
  migrationJournal,
  sha256File,
} from './backup.manifest.ts';
import { bucketState } from './backup.s3.ts';

const run = promisify(execFile);

/**
 * What a backup reads: the config naming DATA_DIR, DATABASE_URL and storage, and for the embedded
 * database its open handle (PostgreSQL is read through DATABASE_URL by a connection and pg_dump).
 */
export interface BackupSource {
  database?: Database;
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'storage'>;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  seconds: number;
}

/** A backup could not be made for a reason the operator must fix (pg_dump missing or too old). */
export class BackupError extends Error {}

/** Staging folders are made in DATA_DIR (same file system as the media, so files are hard-linked, not copied). */
export const STAGING_PREFIX = '.backup-staging-';

const PGLITE_ENTRY = 'database/pglite.tar.gz';
const POSTGRES_ENTRY = 'database/postgres.dump';
const KEY_ENTRY = 'secrets/data-encryption.key';

/**
 * Writes a consistent backup of the database and the media to `outFile` (a tar archive, ADR 0018):
 * the database as of one moment — PGlite's data directory copied with no statement running, or
 * pg_dump on a snapshot exported from a transaction that also counted the rows — and every media
 * file a row of that moment can point to. Media files are never changed in place (a new version
 * is a new file renamed over the key), so hard links made before and right after the database
 * copy hold exactly the bytes those rows refer to, whatever is uploaded or removed meanwhile.
 */
export async function createBackup(source: BackupSource, outFile: string): Promise<BackupResult> {
  const started = performance.now();
  const { config, database } = source;
  await mkdir(config.dataDir, { recursive: true });
  // A destination that cannot be written fails now, not after the copy.
  await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
  const staging = await mkdtemp(path.join(config.dataDir, STAGING_PREFIX));
  const partial = `${outFile}.${randomBytes(4).toString('hex')}.part`;
  try {
    const local = config.storage.driver === 'local';
    const mediaDir = path.join(staging, 'media');
    if (local) await linkTree(config.storage.localDir, mediaDir);
    await mkdir(path.join(staging, 'database'));
    // Right at the database's moment: files uploaded between the first pass and it. (A file
    // replaced just after the moment is deleted only after its row's change commits, later still.)
    const secondPass = async () => {
      if (local) await linkTree(config.storage.localDir, mediaDir);
    };
    const snapshot = config.databaseUrl
      ? await postgresSnapshot(config.databaseUrl, path.join(staging, POSTGRES_ENTRY), secondPass)
      : await pgliteSnapshot(database, path.join(staging, PGLITE_ENTRY), secondPass);

    const keyFile = path.join(config.dataDir, 'data-encryption.key');
    const withKey = !config.databaseUrl && (await exists(keyFile));
    if (withKey) {
      await mkdir(path.join(staging, 'secrets'));
      await copyFile(keyFile, path.join(staging, KEY_ENTRY));
    }

    const files: BackupManifest['files'] = [];
    for (const rel of await listFiles(staging)) {
      const full = path.join(staging, rel);
      files.push({ path: rel, bytes: (await stat(full)).size, sha256: await sha256File(full) });
    }
    const media: MediaState = local
      ? {
          driver: 'local',
          files: files.filter((f) => f.path.startsWith('media/')).length,
          bytes: files.filter((f) => f.path.startsWith('media/')).reduce((sum, f) => sum + f.bytes, 0),
        }
      : await bucketState(config.storage.s3);
    const manifest: BackupManifest = {
      format: 'kaksha-backup',
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: snapshot.at.toISOString(),
      appVersion: appVersion(),
      database: snapshot.database,
      schema: snapshot.schema,
      counts: snapshot.counts,
      media,
      encryptionKeyIncluded: withKey,
      files,
    };
    await writeFile(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = (await readdir(staging)).filter((name) => name !== MANIFEST_ENTRY).sort();
    // The manifest first, so restore reads it (and refuses) before unpacking anything large.
    await createTar({ file: partial, cwd: staging, portable: true }, [MANIFEST_ENTRY, ...entries]);
    await rename(partial, outFile);
    return {
      file: outFile,
      bytes: (await stat(outFile)).size,
      manifest,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

interface Snapshot {
  at: Date;
  database: BackupManifest['database'];
  schema: BackupManifest['schema'];
  counts: Record<string, number>;
}

interface Querier {
  query<T>(text: string): Promise<{ rows: T[] }>;
}

/** Rows per table of the public schema, and the last applied migration, read inside the snapshot. */
async function readState(q: Querier): Promise<Pick<Snapshot, 'schema' | 'counts'> & { version: string }> {
  const tables = (
    await q.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).rows.map((r) => r.name);
  const counts: Record<string, number> = {};
  if (tables.length > 0) {
    const union = tables
      .map(
        (t) => `select '${t.replace(/'/g, "''")}' as name, count(*)::int as n from public."${t.replace(/"/g, '""')}"`,
      )
      .join(' union all ');
    for (const row of (await q.query<{ name: string; n: number }>(union)).rows) counts[row.name] = Number(row.n);
  }
  const migrations = (
    await q.query<{ applied: number; last: string | null }>(
      `select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
    )
  ).rows[0];
  const lastMigrationAt = migrations?.last ? Number(migrations.last) : null;
  const version = (await q.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '';
  return {
    counts,
    version,
    schema: {
      applied: Number(migrations?.applied ?? 0),
      lastMigrationAt,
      lastMigration: migrationJournal().find((entry) => entry.when === lastMigrationAt)?.tag ?? null,
    },
  };
}

/** PGlite's client under Drizzle (`$client`): the one connection the app shares. */
interface PgliteClient {
  transaction<T>(fn: (tx: Querier & { exec(sql: string): Promise<unknown> }) => Promise<T>): Promise<T>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
}

/**
 * The embedded database at one moment. PGlite has one connection: `transaction()` holds it, so no
 * other statement (nor transaction) runs until it returns; inside, the counts are read, a
 * CHECKPOINT writes every committed change into the data files, and `dumpDataDir` (which takes
 * only the statement lock, not the transaction's) copies the data directory synchronously. Requests
 * wait meanwhile: about a second for a small database, longer as it grows (docs/operations.md).
 */
async function pgliteSnapshot(
  database: Database | undefined,
  file: string,
  atMoment: () => Promise<void>,
): Promise<Snapshot> {
  if (database?.kind !== 'pglite') throw new BackupError('The embedded database is not open here (no DATABASE_URL).');
  const client = (database.db as unknown as { $client: PgliteClient }).$client;
  let at = new Date();
  let dump: Blob | undefined;
  const state = await client.transaction(async (tx) => {
    const read = await readState(tx);
    await tx.exec('checkpoint');
    at = new Date();
    dump = await client.dumpDataDir('gzip');
    // Still holding the connection: no change committed after the copy can have removed a file yet.
    await atMoment();
    return read;
  });
  await writeFile(file, Buffer.from(await (dump as Blob).arrayBuffer()));
  return {
    at,
    database: { kind: 'pglite', file: PGLITE_ENTRY, serverVersion: state.version },
    schema: state.schema,
    counts: state.counts,
  };
}

/** libpq's settings for a URL, the password passed in the environment (never on a command line `ps` shows). */
export function libpqTarget(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** `pg_dump --version`'s major number, or a BackupError saying how to install it. */
export async function pgToolMajor(tool: 'pg_dump' | 'pg_restore'): Promise<{ major: number; line: string }> {
  try {
    const { stdout } = await run(tool, ['--version']);
    const match = /(\d+)(?:\.\d+)?/.exec(stdout);
    return { major: Number(match?.[1] ?? 0), line: stdout.trim() };
  } catch {
    throw new BackupError(
      `${tool} was not found: install the PostgreSQL client tools of your server's version or newer (Debian: apt-get install postgresql-client).`,
    );
  }
}

/**
 * PostgreSQL at one moment: a REPEATABLE READ transaction exports its snapshot, counts the rows in
 * it, and pg_dump (`--snapshot`) dumps exactly that snapshot while the transaction stays open.
 * Writes go on meanwhile; the dump and the counts describe the same instant.
 */
async function postgresSnapshot(databaseUrl: string, file: string, atMoment: () => Promise<void>): Promise<Snapshot> {
  const tool = await pgToolMajor('pg_dump');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const serverMajor = Math.floor(
      Number((await client.query('show server_version_num')).rows[0].server_version_num) / 10000,
    );
    if (tool.major < serverMajor) {
      throw new BackupError(
        `pg_dump ${tool.major} cannot dump a PostgreSQL ${serverMajor} server: install postgresql-client-${serverMajor} or newer (${tool.line}).`,
      );
    }
    await client.query('set statement_timeout = 0');
    await client.query('begin isolation level repeatable read, read only');
    const snapshotId = (await client.query('select pg_export_snapshot() as id')).rows[0].id as string;
    const at = new Date();
    await atMoment();
    const state = await readState(client);
    const target = libpqTarget(databaseUrl);
    await new Promise<void>((resolve, reject) => {
      const child = spawn('pg_dump', ['--format=custom', `--snapshot=${snapshotId}`, `--file=${file}`, target.url], {
        env: target.env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new BackupError(`pg_dump failed (exit ${code}): ${stderr.trim()}`)),
      );
    });
    await client.query('commit');
    return {
      at,
      database: { kind: 'postgres', file: POSTGRES_ENTRY, serverVersion: state.version, dumpVersion: tool.line },
      schema: state.schema,
      counts: state.counts,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Hard-links every finished file under `from` into `to` that is not there yet (copies it when
 * links are impossible: another file system). `*.part` files are uploads still being written.
 */
async function linkTree(from: string, to: string) {
  for (const rel of await listFiles(from)) {
    if (rel.endsWith('.part')) continue;
    const target = path.join(to, rel);
    if (await exists(target)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await link(path.join(from, rel), target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Removed since it was listed: a file no row of the snapshot needs any more.
      if (code === 'ENOENT') continue;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
      await copyFile(path.join(from, rel), target).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
      });
    }
  }
}

async function exists(file: string) {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
