import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  extends: false as const,
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    exclude,
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

/** `npm test`: server (PGlite, and real PostgreSQL when TEST_DATABASE_URL is set), web components, browser. */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      serverProject('server-pglite', { TEST_DB: 'pglite' }),
      // Tests of the HTTP surface, the process (random input to every route, SIGTERM) and ffmpeg
      // behave the same on either database: they run once, on PGlite, to keep CI within its time.
      ...(process.env.TEST_DATABASE_URL
        ? [
            serverProject('server-pg', { TEST_DB: 'postgres' }, [
              'src/fuzz.test.ts',
              'src/bootstrap/shutdown.test.ts',
              // ffmpeg's work does not depend on the database; the job queue is tested on both (core/jobs.test.ts).
              'src/modules/media/video-processing*.test.ts',
            ]),
          ]
        : []),
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
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
