import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../../../scripts/databases.mjs';
import { openPglite, openPostgres } from '../core/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (`dumpDataDir`, gzipped tar) every test file starts from. */
    pgliteTemplate?: string;
    /** A migrated database on the TEST_DATABASE_URL server every test file's database is cloned from. */
    postgresTemplate?: string;
  }
}

/**
 * Once per run and server project: migrate one template database, which `buildTestApp`
 * (test/app.ts) copies for each test file instead of creating and migrating a database of its
 * own. Creating an empty PGlite data directory (initdb) is most of a file's database set-up.
 */
/** Set on the template's public schema, so a test can tell a copy from a freshly migrated database. */
export const TEMPLATE_MARK = 'kaksha test template';
const mark = `comment on schema public is '${TEMPLATE_MARK}'`;

export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') return postgresTemplate(project);
  return pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'kaksha-template-'));
  const file = path.join(dir, 'pglite.tar.gz');
  const database = await openPglite(undefined);
  try {
    await database.executeSql(mark);
    // The Drizzle handle's own client is the PGlite instance (openPglite made it).
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = await createDatabase(url, `kaksha_template_${randomBytes(6).toString('hex')}`);
  // Migrated, then closed: CREATE DATABASE … TEMPLATE needs nobody connected to the template.
  try {
    const database = await openPostgres(template.url, { poolSize: 1 });
    await database.executeSql(mark);
    await database.close();
  } catch (error) {
    await template.drop();
    throw error;
  }
  project.provide('postgresTemplate', template.name);
  return template.drop;
}
