// A synthetic catalogue for the benchmarks (bench/web.mjs, bench/allcourses.mjs, bench/load.mjs):
// `npm run db:seed-synthetic` (bench/README.md, "Synthetic catalogue") into a temporary directory, or into one
// the caller keeps so several runs share one seeding.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/serve.mjs';

/** Every synthetic user's password; learner1 is a learner of the seeded catalogue. */
export const SYNTHETIC_LEARNER = { email: 'learner1@synthetic.kaksha.dev', password: 'Synthetic@123' };
/** The demo learner (SEED_DEMO). */
export const DEMO_LEARNER = { email: 'rahul@kaksha.dev', password: 'Student@123' };

/**
 * A DATA_DIR holding `courses` synthetic courses (and `learners`, default as many). With `dataDir`
 * that already holds a database it is used as it is (seeded by an earlier run with `keep`); a new
 * `dataDir` is seeded and kept; without one a temporary directory is seeded and removed by
 * `remove()`. Seeding is bounded (1 h) and prints the seeder's progress on stderr.
 * @param {{ courses: number, learners?: number, dataDir?: string }} opts
 * @returns {Promise<{ dataDir: string, seedSeconds: number | null, remove: () => Promise<void> }>}
 */
export async function syntheticDataDir({ courses, learners = courses, dataDir }) {
  if (dataDir && existsSync(path.join(dataDir, 'db')) && readdirSync(path.join(dataDir, 'db')).length > 0) {
    console.error(`using the database already in ${dataDir} (seeded earlier; --courses is not checked)`);
    return { dataDir, seedSeconds: null, remove: async () => {} };
  }
  const dir = dataDir ? path.resolve(dataDir) : await mkdtemp(path.join(tmpdir(), 'kaksha-synthetic-'));
  const remove = dataDir ? async () => {} : () => rm(dir, { recursive: true, force: true });
  try {
    const seedSeconds = seedSynthetic({ courses, learners, dataDir: dir, output: 2 });
    return { dataDir: dir, seedSeconds, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * Runs the synthetic seeder (bounded: 1 h) into `dataDir` (PGlite) or the database at
 * `databaseUrl`; its progress goes to `output` (a stdio target). Returns the seconds it took.
 * @param {{ courses: number, learners?: number, dataDir: string, databaseUrl?: string, output?: 'inherit' | number }} opts
 */
export function seedSynthetic({ courses, learners = courses, dataDir, databaseUrl, output = 'inherit' }) {
  const args = ['tsx', 'apps/server/scripts/synthetic/synthetic.ts', '--courses', String(courses)];
  args.push('--learners', String(learners), '--data-dir', dataDir);
  if (databaseUrl) args.push('--database-url', databaseUrl);
  const t0 = performance.now();
  const seeded = spawnSync('npx', args, { cwd: root, stdio: ['ignore', output, output], timeout: 3_600_000 });
  if (seeded.status !== 0) throw new Error(`seeding ${courses} synthetic courses failed`);
  return Math.round((performance.now() - t0) / 100) / 10;
}

/** Signs `user` in and returns the session cookie (`name=value`). */
export async function signIn(baseUrl, user) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!login.ok || !cookie) throw new Error(`login of ${user.email} failed: ${login.status}`);
  return cookie;
}
