import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupFileName, listBackups, verifyArchive } from './backup.service.ts';
import { serverOnData } from './backup.test-helpers.ts';

describe('scheduled backups', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'kaksha-backup-dir-'));
  // Three older backups, and a file of another name that rotation must leave alone.
  const old = [1, 2, 3].map((d) => backupFileName(new Date(Date.UTC(2026, 0, d, 3))));
  for (const name of old) await writeFile(path.join(dir, name), 'old');
  await writeFile(path.join(dir, 'notes.txt'), 'mine');
  // Every minute: the tick of the minute the server starts in is due at once.
  const live = await serverOnData({ BACKUP_SCHEDULE: '* * * * *', BACKUP_DIR: dir, BACKUP_KEEP: '2' });
  afterAll(async () => {
    await live.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a backup into BACKUP_DIR through the job queue and keeps the newest BACKUP_KEEP', async () => {
    const metric = async (name: string) =>
      (await live.app.metrics.registry.getSingleMetric(name)?.get())?.values[0]?.value;
    const waitFor = async (done: (names: string[]) => boolean) => {
      for (;;) {
        const names = await listBackups(dir);
        if (done(names)) return names;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await waitFor((names) => names.some((name) => !old.includes(name)));
    // Rotation follows the write.
    const backups = await waitFor((names) => names.length <= 2);
    expect(backups[1]).toBe(old[2]);
    const manifest = await verifyArchive(path.join(dir, backups[0]));
    expect(manifest.counts.users).toBeGreaterThanOrEqual(0);
    const status = live.app.backups.status();
    expect(status.lastSuccessAt?.toISOString()).toBe(manifest.createdAt);
    expect(await metric('kaksha_backup_age_seconds')).toBeLessThan(600);
    expect(await readdir(dir)).toContain('notes.txt');
  }, 120_000);

  it('logs and counts a failed backup', async () => {
    const before = live.app.backups.status().failures;
    // A path under a file: nothing can be written there.
    await expect(live.app.backups.run(path.join(dir, 'notes.txt', 'x.tar'))).rejects.toThrow();
    expect(live.app.backups.status().failures).toBe(before + 1);
    const counted = await live.app.metrics.registry.getSingleMetric('kaksha_backup_failures_total')?.get();
    expect(counted?.values[0]?.value).toBe(before + 1);
  }, 120_000);
});
