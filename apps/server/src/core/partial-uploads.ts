import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';

/** Longest pause between sweeps, whatever the age limit. */
const MAX_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Removes unfinished uploads (`*.part`, written beside their final name by local storage)
 * that nothing has written to for `maxAgeMs`. A write in progress keeps touching its file,
 * so only the leftovers of a killed process or a forced shutdown are old. Returns the count.
 */
export async function sweepPartialUploads(rootDir: string, maxAgeMs: number, now = Date.now()) {
  let removed = 0;
  const walk = async (dir: string) => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // gone meanwhile (a course deleted), or not made yet
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.isFile() && entry.name.endsWith('.part')) {
        const info = await stat(file).catch(() => null);
        if (info && now - info.mtimeMs > maxAgeMs) {
          await rm(file, { force: true });
          removed++;
        }
      }
    }
  };
  await walk(rootDir);
  return removed;
}

/** Sweeps local media at start and then every half age (at most every 15 minutes). */
export const partialUploadsPlugin = fp(
  async (app) => {
    const { config } = app;
    if (config.storage.driver !== 'local') return;
    const root = config.storage.localDir;
    const maxAge = config.partialUploadMaxAgeMs;
    const sweep = async () => {
      try {
        const removed = await sweepPartialUploads(root, maxAge);
        if (removed > 0) app.log.info({ removed }, 'removed unfinished uploads left by an earlier run');
      } catch (error) {
        app.log.warn({ err: error }, 'sweeping unfinished uploads failed');
      }
    };
    await sweep();
    let running: Promise<void> | undefined;
    const timer = setInterval(
      () => {
        running ??= sweep().finally(() => {
          running = undefined;
        });
      },
      Math.max(10, Math.min(maxAge / 2, MAX_SWEEP_INTERVAL_MS)),
    );
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'partial-uploads', dependencies: ['storage'] },
);
