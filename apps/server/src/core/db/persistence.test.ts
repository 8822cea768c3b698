import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';
import { users } from './schema/index.ts';

describe.skipIf(process.env.TEST_DB === 'postgres')('embedded database on disk', () => {
  let dir = '';
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps data across a restart, and migrating again changes nothing', { timeout: 120_000 }, async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kaksha-persist-'));
    const first = await openPglite(dir);
    await first.db.insert(users).values({ name: 'Meera', email: 'meera@example.com', role: 'educator' });
    await first.close();

    const second = await openPglite(dir);
    const [row] = await second.db.select().from(users).where(eq(users.email, 'meera@example.com'));
    expect(row).toMatchObject({ name: 'Meera', role: 'educator' });
    await second.close();
  });

  it('enforces one account per email', { timeout: 120_000 }, async () => {
    const database = await openPglite(undefined);
    await database.db.insert(users).values({ name: 'A', email: 'same@example.com' });
    await expect(database.db.insert(users).values({ name: 'B', email: 'same@example.com' })).rejects.toThrow();
    await database.close();
  });
});
