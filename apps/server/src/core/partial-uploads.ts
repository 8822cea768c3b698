import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
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

/**
 * Runs `sweep` (which answers how many files it removed) at start and then every half of
 * PARTIAL_UPLOAD_MAX_AGE_MS (at most every 15 minutes), one run at a time; stopped on close.
 */
export async function sweepPeriodically(
  app: FastifyInstance,
  what: string,
  sweep: (maxAgeMs: number) => Promise<number>,
) {
  const maxAge = app.config.partialUploadMaxAgeMs;
  const once = async () => {
    try {
      const removed = await sweep(maxAge);
      if (removed > 0) app.log.info({ removed }, `removed ${what}`);
    } catch (error) {
      app.log.warn({ err: error }, `sweeping ${what} failed`);
    }
  };
  await once();
  let running: Promise<void> | undefined;
  const timer = setInterval(
    () => {
      running ??= once().finally(() => {
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
}

/** Sweeps local media's unfinished uploads. */
export const partialUploadsPlugin = fp(
  async (app) => {
    const { config } = app;
    if (config.storage.driver !== 'local') return;
    await sweepPeriodically(app, 'unfinished uploads', (maxAge) =>
      sweepPartialUploads(config.storage.localDir, maxAge),
    );
  },
  { name: 'partial-uploads', dependencies: ['storage'] },
);
