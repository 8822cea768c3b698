import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ConfigError } from '../../core/config.ts';
import { startControlServer } from './backup.control.ts';
import { type BackupResult, type BackupSource, createBackup, STAGING_PREFIX } from './backup.create.ts';

export { CONTROL_FILE, readControl, requestBackup } from './backup.control.ts';
export { BackupError, type BackupResult, type BackupSource, createBackup } from './backup.create.ts';
export { type BackupManifest, refusalFor } from './backup.manifest.ts';
export {
  RestoreRefusedError,
  type RestoreResult,
  readManifest,
  restoreBackup,
  verifyArchive,
} from './backup.restore.ts';

/** The scheduled backups' job queue (one job per BACKUP_SCHEDULE tick, one running at a time). */
export const BACKUP_QUEUE = 'backup';

const NAME = /^kaksha-backup-\d{8}T\d{6}Z\.tar$/;

/** `kaksha-backup-20261127T140000Z.tar`: sorts by time, names its moment. */
export function backupFileName(at = new Date()) {
  return `kaksha-backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar`;
}

/** The scheduled backups in `dir`, newest first. */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((n) => NAME.test(n))
    .sort()
    .reverse();
}

/** Keeps the newest `keep` scheduled backups in `dir` and deletes the rest (files of other names are left alone). */
export async function rotateBackups(dir: string, keep: number): Promise<string[]> {
  const removed = (await listBackups(dir)).slice(keep);
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return removed;
}

export interface BackupStatus {
  /** When the last backup this server made (or found in BACKUP_DIR at start) succeeded. */
  lastSuccessAt: Date | null;
  /** Scheduled (and requested) backups that failed since the start. */
  failures: number;
  running: boolean;
}

export interface Backups {
  /** A backup to `file`, after any backup already running in this process (one at a time). */
  run(file: string): Promise<BackupResult>;
  /** One scheduled backup: into BACKUP_DIR, then rotation to BACKUP_KEEP; a failure is logged, counted and thrown. */
  runScheduled(): Promise<BackupResult>;
  status(): BackupStatus;
}

declare module 'fastify' {
  interface FastifyInstance {
    backups: Backups;
  }
}

/**
 * Backups in the server (ADR 0018): `app.backups`; the scheduled job (BACKUP_SCHEDULE, through
 * the job queue: pg-boss makes one job per tick across instances and the queue's `stately` policy
 * runs one at a time); the loopback control endpoint `npm run backup` asks when the embedded
 * database is this process's; and the metrics kaksha_backup_age_seconds and
 * kaksha_backup_failures_total.
 */
export const backupPlugin = fp(
  async (app) => {
    const { config } = app;
    const source: BackupSource = { database: app.database, config };
    const log = app.log.child({ component: 'backup' });
    let chain: Promise<unknown> = Promise.resolve();
    let running = 0;
    let failures = 0;
    let lastSuccessAt: Date | null = null;

    const newest = (await listBackups(config.backup.dir))[0];
    if (newest) lastSuccessAt = (await stat(path.join(config.backup.dir, newest))).mtime;
    await removeStaleStaging(config.dataDir);

    const failuresTotal = app.metrics.counter({
      name: 'kaksha_backup_failures_total',
      help: 'Backups (scheduled, or asked by npm run backup) that failed since the server started',
    });
    app.metrics.gauge({
      name: 'kaksha_backup_age_seconds',
      help: 'Seconds since the last backup that succeeded (absent until one has)',
      value: () => (lastSuccessAt ? (Date.now() - lastSuccessAt.getTime()) / 1000 : null),
    });

    const run = (file: string): Promise<BackupResult> => {
      const next = chain.then(async () => {
        running++;
        try {
          const result = await createBackup(source, file);
          lastSuccessAt = new Date(result.manifest.createdAt);
          log.info(
            { file, bytes: result.bytes, seconds: result.seconds, at: result.manifest.createdAt },
            'backup written',
          );
          return result;
        } catch (error) {
          failures++;
          failuresTotal.inc();
          log.error({ err: error, file }, 'backup failed');
          throw error;
        } finally {
          running--;
        }
      });
      chain = next.catch(() => {});
      return next;
    };

    const backups: Backups = {
      run,
      async runScheduled() {
        await mkdir(config.backup.dir, { recursive: true }).catch(() => {});
        const result = await run(path.join(config.backup.dir, backupFileName()));
        const removed = await rotateBackups(config.backup.dir, config.backup.keep);
        if (removed.length) log.info({ removed }, `kept the newest ${config.backup.keep} backups`);
        return result;
      },
      status: () => ({ lastSuccessAt, failures, running: running > 0 }),
    };
    app.decorate('backups', backups);

    await scheduleBackups(app, backups);
    await startControlIfEmbedded(app, backups, log);
  },
  { name: 'backup', dependencies: ['db', 'jobs', 'metrics'] },
);

/** Registers (or removes) the BACKUP_SCHEDULE job and its worker, one backup at a time. */
async function scheduleBackups(app: FastifyInstance, backups: Backups) {
  const { config } = app;
  if (config.backup.schedule) {
    try {
      await app.jobs.schedule(BACKUP_QUEUE, config.backup.schedule, { policy: 'stately', expireInSeconds: 6 * 3600 });
    } catch (error) {
      throw new ConfigError(`Invalid configuration:\n  BACKUP_SCHEDULE: ${(error as Error).message}`);
    }
    await app.jobs.work(
      BACKUP_QUEUE,
      async () => {
        await backups.runScheduled();
      },
      { concurrency: 1 },
    );
  } else {
    // A schedule set by an earlier start stays in the queue's table until removed.
    await app.jobs.unschedule(BACKUP_QUEUE);
  }
}

/** Starts the loopback control endpoint when this process owns an embedded database on disk. */
async function startControlIfEmbedded(app: FastifyInstance, backups: Backups, log: FastifyBaseLogger) {
  // The embedded database on disk belongs to this process: `npm run backup` asks it (ADR 0018).
  const client = (app.database.db as unknown as { $client?: { dataDir?: string } }).$client;
  if (app.database.kind === 'pglite' && client?.dataDir && !client.dataDir.startsWith('memory://')) {
    const control = await startControlServer(
      app.config.dataDir,
      async (file) => {
        await backups.run(file);
      },
      log,
    );
    app.addHook('preClose', () => control.close());
  }
}

/** Staging folders a killed backup left in DATA_DIR (older than a day: a running CLI backup keeps its own). */
async function removeStaleStaging(dataDir: string) {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(STAGING_PREFIX) && !name.startsWith('.backup-out-')) continue;
    const full = path.join(dataDir, name);
    const info = await stat(full).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 24 * 3600_000) await rm(full, { recursive: true, force: true });
  }
}
