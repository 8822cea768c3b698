import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.ts';

/**
 * 0003 adds `enrollments.amount_paid` and `payment_orders.expires_at` to databases that already
 * hold data: enrolments get what their paid order charged, else the course's price (0 when free
 * or unpriced), and open orders a 30-minute life.
 */
describe.skipIf(process.env.TEST_DB === 'postgres')('migration 0003 on an existing database', () => {
  let dir = '';
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('backfills the amount paid and the order expiry', { timeout: 120_000 }, async () => {
    // The migrations as they were before 0003.
    dir = await mkdtemp(path.join(tmpdir(), 'kaksha-migrate-'));
    await cp(migrationsFolder, dir, { recursive: true });
    const journalPath = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8'));
    journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0003');
    await writeFile(journalPath, JSON.stringify(journal));

    const client = await PGlite.create(undefined, { extensions: { pg_trgm, unaccent } });
    try {
      await migrate(drizzle(client), { migrationsFolder: dir });
      await client.exec(`
        insert into users (id, name, email, role) values
          ('00000000-0000-4000-8000-000000000001', 'Edu', 'edu@example.com', 'educator'),
          ('00000000-0000-4000-8000-000000000002', 'Learner', 'learner@example.com', 'student');
        insert into courses (id, creator_id, title, category, price, is_published) values
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'Paid', 'Others', 1999, true),
          ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', 'Free', 'Others', 0, true),
          ('00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-000000000001', 'Unpriced', 'Others', null, false),
          ('00000000-0000-4000-8000-0000000000a4', '00000000-0000-4000-8000-000000000001', 'Bought', 'Others', 2999, true);
        insert into enrollments (user_id, course_id) values
          ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000a1'),
          ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000a2'),
          ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000a3'),
          ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000a4');
        -- Bought at ₹499 before its price rose to ₹2,999; an abandoned order for the first course.
        insert into payment_orders (provider_order_id, provider, user_id, course_id, amount, status, paid_at, created_at) values
          ('order_paid', 'sandbox', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000a4', 49900, 'paid', now(), now() - interval '1 day'),
          ('order_open', 'sandbox', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000a1', 199900, 'created', null, '2026-01-01T10:00:00Z');
      `);

      await migrate(drizzle(client), { migrationsFolder });

      const enrolments = await client.query<{ title: string; amount_paid: number }>(
        'select c.title, e.amount_paid from enrollments e join courses c on c.id = e.course_id order by c.title',
      );
      expect(enrolments.rows).toEqual([
        { title: 'Bought', amount_paid: 49900 },
        { title: 'Free', amount_paid: 0 },
        { title: 'Paid', amount_paid: 199900 },
        { title: 'Unpriced', amount_paid: 0 },
      ]);
      const open = await client.query<{ expires_at: Date }>(
        "select expires_at from payment_orders where provider_order_id = 'order_open'",
      );
      expect(open.rows[0].expires_at.toISOString()).toBe('2026-01-01T10:30:00.000Z');
      // From now on every enrolment must say what was paid.
      await expect(
        client.query(
          "insert into enrollments (user_id, course_id) values ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1')",
        ),
      ).rejects.toThrow(/amount_paid/);
    } finally {
      await client.close();
    }
  });
});
