import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/app.ts';

/**
 * Writes the buffered events, then empties every analytics table but the secrets: the rollup adds
 * each run's events to its tables, so a test's figures start from none.
 */
export async function clearAnalytics(app: TestApp) {
  await app.analytics.flush();
  const tables = (
    await app.db.execute(sql`
      select tablename from pg_tables
      where schemaname = 'public' and tablename like 'analytics\\_%' and tablename <> 'analytics_secrets'`)
  ).rows.map((r) => sql.identifier((r as { tablename: string }).tablename));
  await app.db.execute(sql`truncate ${sql.join(tables, sql`, `)}`);
}
