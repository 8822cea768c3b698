import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../core/config.ts';
import { decrypt, encrypt, KEY_FILE, loadDataKey } from './earnings.crypto.ts';

describe('the data encryption key', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-key-'));
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('is generated into DATA_DIR on first start (readable by the owner only) and the same ever after', async () => {
    const key = await loadDataKey(config({}));
    const file = path.join(dataDir, KEY_FILE);
    expect(((await stat(file)).mode & 0o777).toString(8)).toBe('600');
    expect((await readFile(file, 'utf8')).trim().length).toBeGreaterThanOrEqual(32);
    const again = await loadDataKey(config({}));
    expect(again.equals(key)).toBe(true);
    // What one start encrypted, the next one reads.
    expect(decrypt(again, encrypt(key, '123456789012'))).toBe('123456789012');
  });

  it('with DATABASE_URL, the server refuses to start without DATA_ENCRYPTION_KEY', async () => {
    const shared = config({ DATABASE_URL: 'postgres://kaksha@db.example:5432/kaksha' });
    await expect(loadDataKey(shared)).rejects.toThrow(ConfigError);
    await expect(loadDataKey(shared)).rejects.toThrow(/DATA_ENCRYPTION_KEY: required when DATABASE_URL is set/);
    const given = config({
      DATABASE_URL: 'postgres://kaksha@db.example:5432/kaksha',
      DATA_ENCRYPTION_KEY: 'x'.repeat(32),
    });
    await expect(loadDataKey(given)).resolves.toHaveLength(32);
  });

  it('DATA_ENCRYPTION_KEY must have at least 32 characters', () => {
    expect(() => config({ DATA_ENCRYPTION_KEY: 'short' })).toThrow(
      /DATA_ENCRYPTION_KEY: must be at least 32 characters/,
    );
  });

  it('AES-256-GCM: a fresh nonce each time, and another key or a changed byte is refused', async () => {
    const one = await loadDataKey(config({ DATA_ENCRYPTION_KEY: 'a'.repeat(40) }));
    const two = await loadDataKey(config({ DATA_ENCRYPTION_KEY: 'b'.repeat(40) }));
    const first = encrypt(one, 'ABCDE1234F');
    expect(first).not.toBe(encrypt(one, 'ABCDE1234F'));
    expect(first).not.toContain('ABCDE1234F');
    expect(() => decrypt(two, first)).toThrow(/not the key it was saved with/);
    const bytes = Buffer.from(first.slice(3), 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
    expect(() => decrypt(one, `v1.${bytes.toString('base64url')}`)).toThrow(/could not be decrypted/);
  });
});
