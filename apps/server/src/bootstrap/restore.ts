import path from 'node:path';
import { parseArgs } from 'node:util';
import { RestoreRefusedError, type RestoreResult, restoreBackup } from '../modules/backup/backup.service.ts';

/**
 * `npm run restore -- FILE --data-dir DIR [--database-url URL]` (ADR 0018): unpacks a backup into
 * a new, empty DATA_DIR (and, for a PostgreSQL backup, an empty database: --database-url, else
 * DATABASE_URL), checking every file's checksum and the restored row counts. Refuses a non-empty
 * place and a backup from a newer schema before writing anything.
 */
export async function restoreCommand(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  log = console.log,
): Promise<RestoreResult> {
  const { values, positionals } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } },
    allowPositionals: true,
  });
  const [file] = positionals;
  if (!file || !values['data-dir'] || positionals.length > 1) {
    throw new RestoreRefusedError('Usage: npm run restore -- FILE --data-dir DIR [--database-url postgres://…]');
  }
  const result = await restoreBackup({
    file: path.resolve(file),
    dataDir: values['data-dir'],
    databaseUrl: values['database-url'] ?? (env.DATABASE_URL || undefined),
  });
  const { manifest } = result;
  log(`restore: ${file} (made ${manifest.createdAt} by Kaksha ${manifest.appVersion}) → ${result.dataDir}`);
  log(
    `  ${manifest.files.length} files checked; rows ${result.countsChecked ? 'match the backup' : 'counted (older schema: migrated at restore)'}`,
  );
  if (manifest.database.kind === 'postgres') log('  database restored into the --database-url database');
  if (manifest.media.driver === 's3') {
    log(
      `  media stay in bucket ${manifest.media.bucket}: restore its objects as of ${manifest.createdAt} from versioning`,
    );
  }
  if (!manifest.encryptionKeyIncluded) {
    log('  set DATA_ENCRYPTION_KEY to the key the backed-up server used (payout accounts are encrypted with it)');
  }
  log(
    `  start the server with DATA_DIR=${result.dataDir}${manifest.database.kind === 'postgres' ? ' and that DATABASE_URL' : ''}`,
  );
  return result;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('bootstrap', 'restore.ts'));
if (isMain) {
  restoreCommand(process.argv.slice(2))
    .then(() => process.exit(0))
    .catch((error) => {
      console.error(error instanceof RestoreRefusedError ? error.message : error);
      process.exit(1);
    });
}
