import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsFolder } from '../../core/db/client.ts';

/** The archive's first entry: what the backup holds and how to check it (ADR 0018). */
export interface BackupManifest {
  format: 'kaksha-backup';
  /** Raised when the archive's layout changes; restore refuses a format it does not know. */
  formatVersion: 1;
  /** The moment the database was copied: every row committed before it is in, nothing after. */
  createdAt: string;
  /** The server that made it (`@kaksha/server`'s version). */
  appVersion: string;
  database: {
    kind: 'pglite' | 'postgres';
    /** The archive entry holding it: a PGlite data directory (tar.gz) or a pg_dump custom-format file. */
    file: string;
    /** PostgreSQL's own version (PGlite reports the one it embeds). */
    serverVersion: string;
    /** pg_dump's version line, for a PostgreSQL dump. */
    dumpVersion?: string;
  };
  /** The last migration applied to the copied database, and how many were. */
  schema: { lastMigration: string | null; lastMigrationAt: number | null; applied: number };
  /** Rows per table of the public schema at the backup's moment. */
  counts: Record<string, number>;
  media: MediaState;
  /** The embedded database's payout-account key (DATA_DIR/data-encryption.key) travels with it. */
  encryptionKeyIncluded: boolean;
  /** Every other entry of the archive, with its size and SHA-256. */
  files: Array<{ path: string; bytes: number; sha256: string }>;
}

export type MediaState =
  | { driver: 'local'; files: number; bytes: number }
  | {
      driver: 's3';
      bucket: string;
      endpoint: string | null;
      /** Objects are not copied: the bucket keeps them (versioning or replication), this records its state. */
      note: string;
      versioning: string;
      replication: string;
      objects: number | null;
      bytes: number | null;
      /** Why a figure could not be read (permissions), when one is missing. */
      error?: string;
    };

export const MANIFEST_ENTRY = 'manifest.json';
export const BACKUP_FORMAT_VERSION = 1;

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under `root`, as `/`-separated paths relative to it, sorted. */
export async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, rel: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const key = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
      else if (entry.isFile()) out.push(key);
    }
  };
  if (existsSync(root)) await walk(root, '');
  return out.sort();
}

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this server knows (drizzle's journal beside the SQL files), oldest first. */
export function migrationJournal(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

let version: string | undefined;

/** `@kaksha/server`'s version, from its package.json (found upwards from here, in source and in the bundle). */
export function appVersion(): string {
  version ??= findVersion();
  return version;
}

function findVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@kaksha/server') return pkg.version ?? 'unknown';
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}

/**
 * Why this server cannot restore the backup, or null: an archive of another format version, or a
 * database at a migration this code does not have (made by a newer Kaksha: its server would not
 * understand the tables).
 */
export function refusalFor(manifest: BackupManifest, journal = migrationJournal()): string | null {
  if (manifest.format !== 'kaksha-backup')
    return 'This file is not a Kaksha backup (its manifest names no such format).';
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) {
    return `This backup has archive format ${manifest.formatVersion}; this Kaksha reads format ${BACKUP_FORMAT_VERSION}. Restore it with the Kaksha version that made it (${manifest.appVersion}) or a newer one.`;
  }
  const { lastMigration, lastMigrationAt } = manifest.schema;
  if (lastMigrationAt === null) return null;
  const known = journal.some((entry) => entry.when === lastMigrationAt);
  const newest = journal.at(-1);
  if (!known || (newest && lastMigrationAt > newest.when)) {
    return (
      `This backup comes from a newer Kaksha: its database is at migration ${lastMigration ?? `of ${new Date(lastMigrationAt).toISOString()}`}, ` +
      `and this Kaksha knows migrations up to ${newest?.tag ?? 'none'}. Restore it with Kaksha ${manifest.appVersion} or later.`
    );
  }
  return null;
}
