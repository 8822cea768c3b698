import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  extends: false as const,
  test: {
    name,
    root: 'apps/server',
    // The server's scripts (scripts/synthetic: the synthetic-scale seeder) are tested with it.
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude,
    environment: 'node',
    env,
    // One migrated template database per run, copied for each test file (test/app.ts).
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // A worker keeps its imported modules from one test file to the next: importing the app (its
    // libraries and ~400 modules) was most of each file's time (on PostgreSQL, 558 s of a 27-minute
    // CI stage). Every file still builds its own app on its own database; no test changes
    // process.env, and what a module keeps about a database's rows is kept per database handle
    // (core/snapshots.ts perDatabase). Work an app left running after it closed (a job fetched as
    // its queue stopped, core/jobs.ts) fails the run whether files are isolated or not.
    isolate: false,
  },
});

// The naming convention: a `*.any-db.test.ts` file tests what does not depend on the database (the
// HTTP surface, the process, ffmpeg, storage, parsers, pure functions), so it runs once, on PGlite.
const DATABASE_AGNOSTIC = ['src/**/*.any-db.test.ts', 'scripts/**/*.any-db.test.ts'];

/**
 * Component test files that replace one of the app's modules for themselves (`vi.mock` beyond
 * test/setup.ts's, `vi.resetModules`, `vi.unmock`): they run with a module registry of their own
 * ("web-mocks"). The others ("web") share their worker's modules and page from file to file, as the
 * server's tests do: building a jsdom page and importing React, the router and the app's modules again for
 * each of 80 files was three quarters of the project's time.
 */
const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));
const WEB_MOCKING = readdirSync(webSrc, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /vi\.(mock|doMock|unmock|resetModules)\(/.test(readFileSync(`${webSrc}/${file}`, 'utf8')))
  .map((file) => `src/${file.replaceAll('\\', '/')}`);

const webProject = (name: string, files: { include?: string[]; exclude?: string[]; isolate: boolean }) => ({
  plugins: [react()],
  resolve: { alias: { '@': webSrc } },
  test: {
    name,
    root: 'apps/web',
    include: files.include ?? ['src/**/*.test.{ts,tsx}'],
    exclude: files.exclude ?? [],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    pool: 'threads' as const,
    isolate: files.isolate,
    // Component tests render whole pages; on a loaded machine one can take several seconds.
    testTimeout: 20_000,
  },
});

/** `npm test`: server (PGlite, and real PostgreSQL when TEST_DATABASE_URL is set), web components, browser. */
export default defineConfig({
  test: {
    // Test files at once; 2 suits the 2-core CI machine (VITEST_MAX_WORKERS=1 on a shared one).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
    projects: [
      serverProject('server-pglite', { TEST_DB: 'pglite' }),
      // Everything that reads or writes through SQL runs on both databases; *.any-db.test.ts once.
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-pg', { TEST_DB: 'postgres' }, DATABASE_AGNOSTIC)]
        : []),
      webProject('web', { exclude: WEB_MOCKING, isolate: false }),
      webProject('web-mocks', { include: WEB_MOCKING, isolate: true }),
      {
        extends: false,
        test: {
          name: 'e2e',
          root: 'apps/web',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
