import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../core/config.ts';
import { listLocalKeys, storageFromConfig } from '../core/storage.ts';

/**
 * `npm run media:migrate`: copies every file of DATA_DIR/media into the bucket the S3_*
 * variables name (with STORAGE=s3), streaming each one; keys already there with the same size
 * are skipped, so the command can be run again after an interruption. Local files are left
 * in place (delete them once the instances run with STORAGE=s3).
 */
export async function migrateMedia(
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = (line) => console.log(line),
) {
  const config = loadConfig(env);
  if (config.storage.driver !== 's3') {
    throw new ConfigError('media:migrate copies DATA_DIR/media into a bucket: set STORAGE=s3 and the S3_* variables');
  }
  const root = config.storage.localDir;
  const target = await storageFromConfig(config);
  const keys = await listLocalKeys(root);
  let copied = 0;
  let skipped = 0;
  let bytes = 0;
  try {
    for (const key of keys) {
      if (key.endsWith('.part')) continue; // an upload that never finished
      const file = path.join(root, key);
      const { size: localSize } = await stat(file);
      const existing = await target.stat(key);
      if (existing && existing.size === localSize) {
        skipped++;
        continue;
      }
      const { size } = await target.put(key, createReadStream(file));
      if (size !== localSize) throw new Error(`${key}: copied ${size} of ${localSize} bytes`);
      copied++;
      bytes += size;
      log(`copied ${key} (${size} bytes)`);
    }
  } finally {
    await target.close?.();
  }
  log(`media:migrate: ${copied} copied (${bytes} bytes), ${skipped} already in the bucket, from ${root}`);
  return { copied, skipped, bytes };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('bootstrap', 'media-migrate.ts'));
if (isMain) {
  migrateMedia().catch((error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
