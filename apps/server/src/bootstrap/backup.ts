import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../core/config.ts';
import {
  BackupError,
  type BackupManifest,
  createBackup,
  readControl,
  requestBackup,
  verifyArchive,
} from '../modules/backup/backup.service.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { openToolDatabase } from './tool-database.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * `npm run backup -- --out FILE` (ADR 0018): a consistent backup while the server runs. With
 * DATABASE_URL it is made here (pg_dump on one snapshot, the media hard-linked); on the embedded
 * database it is asked of the server that holds DATA_DIR (its loopback endpoint), or made here
 * when no server runs. The archive is read back and checked against its manifest before the
 * command says it is done. Answers the manifest.
 */
export async function backupCommand(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  log = console.log,
): Promise<BackupManifest> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } }, allowPositionals: false });
  if (!values.out) throw new BackupError('Usage: npm run backup -- --out FILE (e.g. --out backups/kaksha.tar)');
  const out = path.resolve(values.out);
  const config = loadConfig(env);
  const control = config.databaseUrl ? null : await readControl(config.dataDir);
  if (control && alive(control.pid)) {
    log(`backup: asking the running server (pid ${control.pid}) for a backup of ${config.dataDir}`);
    await requestBackup(control, out);
  } else if (config.databaseUrl) {
    await createBackup({ config }, out);
  } else {
    // No server holds DATA_DIR (or one without the endpoint does: the lock says so).
    const database = await openToolDatabase(config);
    try {
      await createBackup({ config, database }, out);
    } finally {
      await database.close();
    }
  }
  const manifest = await verifyArchive(out);
  const rows = Object.values(manifest.counts).reduce((sum, n) => sum + n, 0);
  log(`backup: ${out}`);
  log(`  moment ${manifest.createdAt}, ${manifest.database.kind} at migration ${manifest.schema.lastMigration ?? '?'}`);
  log(`  ${rows} rows in ${Object.keys(manifest.counts).length} tables, ${manifest.files.length} files checked`);
  if (manifest.media.driver === 's3') {
    log(
      `  media: bucket ${manifest.media.bucket} (versioning ${manifest.media.versioning}, replication ${manifest.media.replication}, ${manifest.media.objects ?? '?'} objects) is not copied: keep its versioning on`,
    );
  } else log(`  media: ${manifest.media.files} files, ${manifest.media.bytes} bytes`);
  return manifest;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('bootstrap', 'backup.ts'));
if (isMain) {
  backupCommand(process.argv.slice(2))
    .then(() => process.exit(0))
    .catch((error) => {
      const known = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupError;
      console.error(known ? error.message : error);
      process.exit(1);
    });
}
