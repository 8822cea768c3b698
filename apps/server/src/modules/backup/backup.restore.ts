import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { extract, list } from 'tar';
import { openPglite } from '../../core/db/client.ts';
import { libpqTarget, pgToolMajor } from './backup.create.ts';
import {
  type BackupManifest,
  listFiles,
  MANIFEST_ENTRY,
  migrationJournal,
  refusalFor,
  sha256File,
} from './backup.manifest.ts';

/** A restore refused before anything was written (a non-empty place, a newer schema, a damaged archive). */
export class RestoreRefusedError extends Error {}

export interface RestoreOptions {
  /** The backup archive. */
  file: string;
  /** The new DATA_DIR: must not exist, or be empty. */
  dataDir: string;
  /** For a PostgreSQL backup: an empty database to restore into. */
  databaseUrl?: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  dataDir: string;
  /** Row counts read back from the restored database (compared with the manifest's when the schema is this server's). */
  counts: Record<string, number>;
  countsChecked: boolean;
}

/** Reads the archive's manifest (its first entry) without unpacking anything else. */
export async function readManifest(file: string): Promise<BackupManifest> {
  try {
    await stat(file);
  } catch {
    throw new RestoreRefusedError(`No backup at ${file}.`);
  }
  let text: string | undefined;
  await list({
    file,
    filter: (p) => p === MANIFEST_ENTRY,
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (c: Buffer) => chunks.push(c));
      entry.on('end', () => {
        text = Buffer.concat(chunks).toString('utf8');
      });
    },
  }).catch((error: Error) => {
    throw new RestoreRefusedError(`${file} is not a readable backup archive: ${error.message}`);
  });
  if (!text) throw new RestoreRefusedError(`${file} is not a Kaksha backup: it has no ${MANIFEST_ENTRY}.`);
  try {
    return JSON.parse(text) as BackupManifest;
  } catch {
    throw new RestoreRefusedError(`${file} has a damaged ${MANIFEST_ENTRY}.`);
  }
}

async function emptyOrMissing(dir: string) {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * Restores a backup into a new, empty DATA_DIR (and, for a PostgreSQL backup, an empty database),
 * refusing before it writes anything when the place is not empty, when the backup comes from a
 * newer schema, or when the kinds do not match. Every file is checked against the manifest's
 * SHA-256, and the restored database's row counts against the manifest's. A restore that fails
 * half-way removes what it wrote (the place was empty).
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const dataDir = path.resolve(opts.dataDir);
  if (!(await emptyOrMissing(dataDir))) {
    throw new RestoreRefusedError(
      `${dataDir} is not empty: a backup is restored into an empty folder only, so nothing there is overwritten. ` +
        'Choose a new --data-dir (or move the old one aside), then point DATA_DIR at it.',
    );
  }
  const manifest = await readManifest(opts.file);
  const refusal = refusalFor(manifest);
  if (refusal) throw new RestoreRefusedError(refusal);
  const kind = manifest.database.kind;
  if (kind === 'postgres') {
    if (!opts.databaseUrl) {
      throw new RestoreRefusedError(
        'This backup holds a PostgreSQL dump: give --database-url (or DATABASE_URL) naming an empty database to restore it into.',
      );
    }
    await refuseNonEmptyDatabase(opts.databaseUrl);
    await pgToolMajor('pg_restore');
  }

  const existed = await stat(dataDir).then(
    () => true,
    () => false,
  );
  const staging = path.join(dataDir, '.restore-staging');
  try {
    await mkdir(staging, { recursive: true });
    await extract({ file: opts.file, cwd: staging, strict: true });
    await verifyFiles(staging, manifest);

    const sameSchema = manifest.schema.lastMigrationAt === (migrationJournal().at(-1)?.when ?? null);
    const counts =
      kind === 'pglite'
        ? await restorePglite(path.join(staging, manifest.database.file), path.join(dataDir, 'db'))
        : await restorePostgres(path.join(staging, manifest.database.file), opts.databaseUrl as string);
    if (sameSchema) {
      for (const [table, expected] of Object.entries(manifest.counts)) {
        if (counts[table] !== expected) {
          throw new Error(
            `The restored database has ${counts[table] ?? 0} rows in ${table}; the backup recorded ${expected}.`,
          );
        }
      }
    }
    if (manifest.media.driver === 'local') {
      const media = path.join(staging, 'media');
      if (await stat(media).catch(() => null)) await rename(media, path.join(dataDir, 'media'));
      else await mkdir(path.join(dataDir, 'media'), { recursive: true });
    }
    if (manifest.encryptionKeyIncluded) {
      const key = path.join(dataDir, 'data-encryption.key');
      await rename(path.join(staging, 'secrets', 'data-encryption.key'), key);
      await chmod(key, 0o600);
    }
    await rm(staging, { recursive: true, force: true });
    return { manifest, dataDir, counts, countsChecked: sameSchema };
  } catch (error) {
    // The place was empty: leave it so, for the next attempt.
    if (existed) {
      for (const name of await readdir(dataDir).catch(() => [] as string[])) {
        await rm(path.join(dataDir, name), { recursive: true, force: true });
      }
    } else {
      await rm(dataDir, { recursive: true, force: true });
    }
    throw error;
  }
}

/**
 * Reads the whole archive once and checks every entry against the manifest's size and SHA-256
 * (`npm run backup` does so after writing one); answers the manifest, or throws RestoreRefusedError.
 */
export async function verifyArchive(file: string): Promise<BackupManifest> {
  const manifest = await readManifest(file);
  const expected = new Map(manifest.files.map((f) => [f.path, f]));
  const seen = new Set<string>();
  const hashing: Promise<void>[] = [];
  let problem: string | null = null;
  await list({
    file,
    onReadEntry: (entry) => {
      if (entry.type !== 'File' || entry.path === MANIFEST_ENTRY) {
        entry.resume();
        return;
      }
      const want = expected.get(entry.path);
      if (!want) problem ??= `${entry.path} is not in its manifest`;
      seen.add(entry.path);
      const hash = createHash('sha256');
      let bytes = 0;
      entry.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        bytes += chunk.length;
      });
      hashing.push(
        new Promise((resolve) =>
          entry.on('end', () => {
            if (want && (want.bytes !== bytes || want.sha256 !== hash.digest('hex'))) {
              problem ??= `${entry.path} does not match its checksum`;
            }
            resolve();
          }),
        ),
      );
    },
  });
  await Promise.all(hashing);
  for (const name of expected.keys()) if (!seen.has(name)) problem ??= `${name} is missing`;
  if (problem) throw new RestoreRefusedError(`The backup ${file} is damaged: ${problem}.`);
  return manifest;
}

/** Every unpacked file is in the manifest with its size and SHA-256, and every manifest file was unpacked. */
async function verifyFiles(staging: string, manifest: BackupManifest) {
  const unpacked = new Set((await listFiles(staging)).filter((p) => p !== MANIFEST_ENTRY));
  for (const entry of manifest.files) {
    if (!unpacked.delete(entry.path)) throw new RestoreRefusedError(`The backup is damaged: ${entry.path} is missing.`);
    const sha = await sha256File(path.join(staging, entry.path));
    if (sha !== entry.sha256) {
      throw new RestoreRefusedError(`The backup is damaged: ${entry.path} does not match its checksum.`);
    }
  }
  const extra = [...unpacked];
  if (extra.length) throw new RestoreRefusedError(`The backup is damaged: ${extra[0]} is not in its manifest.`);
}

const COUNT_TABLES = `select table_name as name from information_schema.tables
  where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;

async function countRows(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>) {
  const counts: Record<string, number> = {};
  for (const { name } of (await query(COUNT_TABLES)).rows as { name: string }[]) {
    const { rows } = await query(`select count(*)::int as n from public."${name.replace(/"/g, '""')}"`);
    counts[name] = Number(rows[0]?.n);
  }
  return counts;
}

/** Loads the PGlite data directory into DATA_DIR/db (migrating it when the backup is older), and counts its rows. */
async function restorePglite(dump: string, dbDir: string) {
  const loadDataDir = new Blob([await readFile(dump)], { type: 'application/x-gzip' });
  const database = await openPglite(dbDir, { loadDataDir });
  try {
    return await countRows((text) => database.executeSql(text));
  } finally {
    await database.close();
  }
}

async function refuseNonEmptyDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new RestoreRefusedError(`Cannot connect to the database to restore into: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0].n) > 0) {
      throw new RestoreRefusedError(
        'The database to restore into is not empty: a backup is restored into an empty database only (createdb a new one).',
      );
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** pg_restore into the empty database in one transaction (all or nothing), then the counts. */
async function restorePostgres(dump: string, url: string) {
  const target = libpqTarget(url);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target.url}`, dump],
      { env: target.env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_restore failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countRows((text) => client.query(text));
  } finally {
    await client.end().catch(() => {});
  }
}
