import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Config, ConfigError } from '../../core/config.ts';

/**
 * Encryption at rest of what an educator's payout account must keep secret (the bank account
 * number and PAN): AES-256-GCM, a random 96-bit nonce per value, the tag authenticating it. The
 * 256-bit key is derived (HKDF-SHA256) from DATA_ENCRYPTION_KEY, or, for the embedded database
 * only, from a random key generated into DATA_DIR on first start, so `npm start` needs no setup.
 * A shared PostgreSQL database is used by instances that must all hold the same key, and a key
 * left on one machine's disk would lose the data with it: there the variable is required.
 */

const VERSION = 'v1';
export const KEY_FILE = 'data-encryption.key';

export type DataKey = Buffer;

const derive = (secret: string): DataKey =>
  Buffer.from(hkdfSync('sha256', secret, 'kaksha', 'payout-account/aes-256-gcm', 32));

/** The key from the configuration, or the embedded database's generated one (created once, 0600). */
export async function loadDataKey(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'earnings'>): Promise<DataKey> {
  const configured = config.earnings.dataEncryptionKey;
  if (configured) return derive(configured);
  if (config.databaseUrl) {
    throw new ConfigError(
      'Invalid configuration:\n  DATA_ENCRYPTION_KEY: required when DATABASE_URL is set (at least 32 characters, ' +
        'the same on every instance; it encrypts payout bank accounts)',
    );
  }
  const file = path.join(config.dataDir, KEY_FILE);
  await mkdir(config.dataDir, { recursive: true });
  try {
    // `wx`: two processes starting at once never overwrite each other's key.
    await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new ConfigError(`${file} must hold a key of at least 32 characters`);
  return derive(secret);
}

/** `v1.<nonce|tag|ciphertext, base64url>`. */
export function encrypt(key: DataKey, plaintext: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function decrypt(key: DataKey, stored: string): string {
  const [version, payload] = stored.split('.');
  if (version !== VERSION || !payload) throw new Error('Unknown encrypted value format');
  const bytes = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    // The tag did not match: another key (DATA_ENCRYPTION_KEY changed) or a damaged value.
    throw new Error('A payout account could not be decrypted: DATA_ENCRYPTION_KEY is not the key it was saved with');
  }
}
