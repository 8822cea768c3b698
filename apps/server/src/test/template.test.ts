import { describe, expect, it } from 'vitest';
import { buildTestApp } from './app.ts';
import { TEMPLATE_MARK } from './global-setup.ts';

// A test file's database is a copy of the run's migrated template (test/global-setup.ts), not one
// created and migrated again: without the template every file pays for an initdb and the migrations.
describe('the test database', async () => {
  const app = await buildTestApp();

  it('is a copy of the migrated template', async () => {
    const { rows } = await app.database.executeSql(
      `select obj_description('public'::regnamespace, 'pg_namespace') as mark`,
    );
    expect(rows[0]?.mark).toBe(TEMPLATE_MARK);
  });

  it('has every table of the schema', async () => {
    const { rows } = await app.database.executeSql(`select to_regclass('public.users') is not null as ok`);
    expect(rows[0]?.ok).toBe(true);
  });
});
