import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { sweepPartialUploads } from './partial-uploads.ts';

const HOUR = 60 * 60 * 1000;

/** A file as a killed upload leaves it: `mtime` ago was its last write. */
async function leftover(file: string, ageMs: number, bytes = 1024) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.alloc(bytes));
  const when = new Date(Date.now() - ageMs);
  await utimes(file, when, when);
  return file;
}

describe('unfinished uploads (*.part) left by a killed or forced-down server', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kaksha-parts-'));
    dirs.push(dir);
    return dir;
  };

  it('removes stale .part files at any depth, keeping fresh ones and finished files', async () => {
    const root = await tempDir();
    const stale = await leftover(path.join(root, 'videos/c1/l1/abc.mp4.1234.part'), 2 * HOUR, 4 * 1024 * 1024);
    const staleThumb = await leftover(path.join(root, 'public/thumbnails/c1/x-640.webp.99.part'), 3 * HOUR);
    const writing = await leftover(path.join(root, 'videos/c2/l2/def.mp4.5678.part'), 60_000);
    const finished = await leftover(path.join(root, 'videos/c1/l1/old.mp4'), 10 * HOUR);
    expect(await sweepPartialUploads(root, HOUR)).toBe(2);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(staleThumb)).toBe(false);
    expect(existsSync(writing)).toBe(true);
    expect(existsSync(finished)).toBe(true);
    // A missing folder is nothing to sweep, not an error.
    expect(await sweepPartialUploads(path.join(root, 'nope'), HOUR)).toBe(0);
  });
});

describe('the sweep in a running server', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-parts-'));
  const media = path.join(dataDir, 'media');
  const fromLastRun = await leftover(path.join(media, 'videos/c/l/a.mp4.1.part'), 2 * HOUR);
  // Short, so that the periodic sweep (every half age) comes round during the test.
  await buildTestApp({ DATA_DIR: dataDir, PARTIAL_UPLOAD_MAX_AGE_MS: '2000' });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('sweeps at start and then periodically', async () => {
    expect(existsSync(fromLastRun)).toBe(false);
    // A write that stalls during this run (one forced off by a shutdown) is swept later.
    const stalled = await leftover(path.join(media, 'videos/c/l/b.mp4.2.part'), HOUR);
    await vi.waitFor(() => expect(existsSync(stalled)).toBe(false), { timeout: 20_000, interval: 50 });
  });
});
