#!/usr/bin/env node
// The earnings ledger and the GST return (issue #31) at 1,000,000 ledger entries: an educator's
// ledger pages (first, and deep by cursor), their summary, and a month's GSTR-1 report (JSON and a
// CSV table), through the real app in-process (routing, the admin check, the queries, serialization;
// no network), on a PostgreSQL database seeded here with SQL.
//
//   createdb -h 127.0.0.1 -U postgres kaksha_earnings
//   npm run bench:earnings -- --database-url postgres://postgres@127.0.0.1:5432/kaksha_earnings
//
// Seeds (once, when the ledger is empty) 200 educators, 5,000 learners, 1,000 courses and, over the
// last 12 months, paid orders with their invoices and sale entries, a tenth refunded (credit note and
// reversal): --entries in all (default 1,000,000). One educator has a fifth of the sales. Prints
// p50/p95/max over --rounds and the machine's load.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { root } from '../scripts/serve.mjs';

const { values: opt } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    entries: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '50' },
  },
});
if (!opt['database-url']?.startsWith('postgres')) {
  console.error('usage: npm run bench:earnings -- --database-url postgres://… [--entries 1000000] [--rounds 50]');
  process.exit(2);
}
const mod = (p) => import(pathToFileURL(path.join(root, p)).href);

const summary = (ms) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) };
};
const fmt = (v) => (v === undefined ? '    -' : v.toFixed(1).padStart(7));

/** Sales (and a tenth of them refunded) so that sales + refunds ≈ `entries`. */
async function seed(db, sql, entries) {
  const sales = Math.round(entries / 1.1);
  const started = performance.now();
  const q = (text) => db.execute(sql.raw(text));
  await q(`insert into users (name, email, role)
    select 'Educator ' || i, 'educator' || i || '@bench.example', 'educator' from generate_series(1, 200) i`);
  await q(
    `insert into users (name, email) select 'Learner ' || i, 'learner' || i || '@bench.example' from generate_series(1, 5000) i`,
  );
  await q(`insert into courses (creator_id, title, category, level, price, is_published)
    select (select id from users where email = 'educator' || (1 + i % 200) || '@bench.example'),
      'Course ' || i, 'Web Development', 'Beginner', 499 + (i % 20) * 250, true
    from generate_series(1, 1000) i`);
  await q(
    `create table bench_courses as select row_number() over (order by id) as n, id, creator_id, price from courses`,
  );
  await q(
    `create table bench_learners as select row_number() over (order by id) as n, id from users where role = 'student'`,
  );
  // Orders over the last 12 months; course 1 (educator 1's) takes a fifth of them.
  await q(`insert into payment_orders (provider_order_id, provider, user_id, course_id, amount, price, discount, status, paid_at, expires_at, created_at)
    select 'order_bench' || i, 'sandbox', l.id, c.id, c.price * 100, c.price * 100, 0, 'paid',
      now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute', now(), now() - (i % 365) * interval '1 day'
    from generate_series(1, ${sales}) i
    join bench_courses c on c.n = case when i % 5 = 0 then 1 else 1 + i % 1000 end
    join bench_learners l on l.n = 1 + i % 5000`);
  // Invoices: 5 % to registered buyers, 30 % inter-state (IGST), the rest CGST + SGST; a tenth credited.
  await q(`insert into invoices (kind, number, financial_year, sequence, issued_at, order_id, user_id, course_id, seller, buyer,
      place_of_supply, sac, description, gst_rate, price, discount, taxable, cgst, sgst, igst, total)
    select 'invoice', 'B/' || o.n, 2026, o.n, o.paid_at, o.id, o.user_id, o.course_id,
      '{"name":"Bench","address":"1 Road","gstin":"29AAACK1234K1ZL","stateCode":"29"}'::jsonb,
      jsonb_build_object('name', 'Buyer', 'stateCode', case when o.n % 10 < 3 then '07' else '29' end,
        'gstin', case when o.n % 20 = 0 then '29AABCT1332L1ZT' end),
      case when o.n % 10 < 3 and o.n % 20 <> 0 then '07' else '29' end, '999293', 'Course', 18, o.amount, 0,
      round(o.amount * 100 / 118.0), 
      case when o.n % 10 < 3 and o.n % 20 <> 0 then 0 else ceil((o.amount - round(o.amount * 100 / 118.0)) / 2.0) end,
      case when o.n % 10 < 3 and o.n % 20 <> 0 then 0 else floor((o.amount - round(o.amount * 100 / 118.0)) / 2.0) end,
      case when o.n % 10 < 3 and o.n % 20 <> 0 then o.amount - round(o.amount * 100 / 118.0) else 0 end,
      o.amount
    from (select row_number() over (order by id) as n, * from payment_orders) o`);
  await q(`insert into invoices (kind, number, financial_year, sequence, issued_at, order_id, user_id, course_id, seller, buyer,
      place_of_supply, sac, description, gst_rate, price, discount, taxable, cgst, sgst, igst, total, refers_to)
    select 'creditNote', 'BC/' || i.sequence, 2026, i.sequence, i.issued_at + interval '2 days', i.order_id, i.user_id, i.course_id,
      i.seller, i.buyer, i.place_of_supply, i.sac, i.description, i.gst_rate, i.price, i.discount, i.taxable, i.cgst, i.sgst, i.igst, i.total, i.id
    from invoices i where i.kind = 'invoice' and i.sequence % 10 = 3`);
  await q(`insert into ledger_entries (at, educator_id, kind, order_id, gross, gst, platform_fee, educator_share, available_at)
    select i.issued_at, c.creator_id, 'sale', i.order_id, i.total, i.cgst + i.sgst + i.igst,
      floor(i.taxable * 0.2), i.taxable - floor(i.taxable * 0.2), i.issued_at + interval '7 days'
    from invoices i join courses c on c.id = i.course_id where i.kind = 'invoice' order by i.issued_at`);
  await q(`insert into ledger_entries (at, educator_id, kind, order_id, gross, gst, platform_fee, educator_share, available_at)
    select s.at + interval '2 days', s.educator_id, 'refund', s.order_id, -s.gross, -s.gst, -s.platform_fee, -s.educator_share, s.available_at
    from ledger_entries s join invoices c on c.order_id = s.order_id and c.kind = 'creditNote' where s.kind = 'sale' order by s.at`);
  await q(`insert into earnings_balances (educator_id, balance, lifetime, paid_out)
    select educator_id, sum(educator_share), sum(educator_share), 0 from ledger_entries group by educator_id`);
  await q('drop table bench_courses, bench_learners');
  await q('analyze');
  return (performance.now() - started) / 1000;
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-bench-earnings-'));
  try {
    const { loadConfig } = await mod('apps/server/src/core/config.ts');
    const { buildApp } = await mod('apps/server/src/app.ts');
    const { createSession, SESSION_COOKIE } = await mod('apps/server/src/core/sessions.ts');
    const { sql } = await import('drizzle-orm');
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: opt['database-url'],
      DATA_ENCRYPTION_KEY: 'bench-data-encryption-key-0123456789abcdef',
      // Seeding's statements run for minutes.
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      VIDEO_PROCESSING: 'false',
      WEB_DIST: path.join(dataDir, 'no-web'),
      PAYMENT_PROVIDER: 'sandbox',
    });
    const app = await buildApp(config);
    await app.ready();
    try {
      const count = async () => Number((await app.db.execute(sql`select count(*) as n from ledger_entries`)).rows[0].n);
      if ((await count()) === 0) {
        console.error(`seeding about ${opt.entries} ledger entries …`);
        console.error(`seeded in ${(await seed(app.db, sql, Number(opt.entries))).toFixed(0)} s`);
      }
      await run(app, sql, createSession, SESSION_COOKIE, await count());
    } finally {
      await app.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function run(app, sql, createSession, SESSION_COOKIE, entries) {
  const rounds = Number(opt.rounds);
  const [big] = (
    await app.db.execute(
      sql`select educator_id, count(*)::int as n from ledger_entries group by educator_id order by n desc limit 1`,
    )
  ).rows;
  const [admin] = (await app.db.execute(sql`select id from users where role = 'admin' limit 1`)).rows;
  const adminId =
    admin?.id ??
    (
      await app.db.execute(
        sql`insert into users (name, email, role) values ('Bench admin', 'admin@bench.example', 'admin') returning id`,
      )
    ).rows[0].id;
  const cookie = async (userId) => `${SESSION_COOKIE}=${(await createSession(app.db, userId)).token}`;
  const educatorCookie = await cookie(big.educator_id);
  const adminCookie = await cookie(adminId);
  // A full month of the seeded year: the one two months ago (India time).
  const month = new Date(Date.now() - 60 * 86_400_000 + 330 * 60_000).toISOString().slice(0, 7);
  const [{ n: documents }] = (
    await app.db.execute(sql`select count(*)::int as n from invoices
      where to_char(issued_at at time zone 'Asia/Kolkata', 'YYYY-MM') = ${month}`)
  ).rows;
  const middle = (
    await app.db.execute(sql`select seq from ledger_entries where educator_id = ${big.educator_id}
      order by seq desc offset ${Math.floor(big.n / 2)} limit 1`)
  ).rows[0].seq;
  const cases = {
    'ledger, first page': ['/api/earnings/ledger?limit=20', educatorCookie],
    'ledger, deep page (cursor)': [`/api/earnings/ledger?limit=20&cursor=${middle}`, educatorCookie],
    summary: ['/api/earnings/summary', educatorCookie],
    'GSTR-1 report (JSON)': [`/api/admin/gst/report?month=${month}`, adminCookie],
    'GSTR-1 b2cs (CSV)': [`/api/admin/gst/report?month=${month}&format=csv&table=b2cs`, adminCookie],
  };
  const get = async (url, headerCookie) => {
    const t0 = performance.now();
    const res = await app.inject({ url, headers: { cookie: headerCookie } });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return ms;
  };
  console.log(
    `${entries} ledger entries; the busiest educator has ${big.n}; ${month} has ${documents} invoices and credit notes; ` +
      `${rounds} rounds; load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  for (const [url, c] of Object.values(cases)) await get(url, c); // warm-up: connections, plans
  const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [label, [url, c]] of Object.entries(cases).sort(() => Math.random() - 0.5)) {
      times[label].push(await get(url, c));
    }
  }
  console.log(`\n${'request'.padEnd(30)}     p50     p95     max (ms)`);
  for (const [label, ms] of Object.entries(times)) {
    const s = summary(ms);
    console.log(`${label.padEnd(30)}${fmt(s.p50)} ${fmt(s.p95)} ${fmt(s.max)}`);
  }
  console.log(
    `load at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
