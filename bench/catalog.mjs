#!/usr/bin/env node
// The catalogue's browsing (issue #27) at scale: `GET /api/course/catalog` with a keyword,
// filters and orders, through the real app in-process (routing, validation, the queries, the
// cards, serialization; no network), on a PostgreSQL database filled by the synthetic seeder.
//
//   createdb -h 127.0.0.1 -U postgres kaksha_catalog100k
//   npm run bench:catalog -- --database-url postgres://postgres@127.0.0.1:5432/kaksha_catalog100k --seed 100000
//   npm run bench:catalog -- --database-url postgres://…/kaksha_catalog100k          # seeded already
//
// For every combination it prints p50/p95/max of the first page, of the next page (its cursor),
// of the first page right after an enrolment-like write (the catalogue version moves: the facets
// version is read again, the cubes stay) and right after a course change (the facets version
// moves too: the scope's facet cube is read again), over --rounds rounds in a shuffled order,
// plus the machine's load. The writes are simulated by moving the versions.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { root } from '../scripts/serve.mjs';
import { seedSynthetic } from './lib/synthetic.mjs';

const { values: opt } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    seed: { type: 'string' },
    rounds: { type: 'string', default: '20' },
    only: { type: 'string' },
    json: { type: 'string' },
  },
});
if (!opt['database-url']?.startsWith('postgres')) {
  console.error('usage: npm run bench:catalog -- --database-url postgres://… [--seed N] [--rounds 20] [--only a,b]');
  process.exit(2);
}
const rounds = Number(opt.rounds);
const mod = (p) => import(pathToFileURL(path.join(root, p)).href);

/** The combinations measured: every filter, every order, keywords (typos, a name) and mixes. */
const COMBINATIONS = {
  default: '',
  category: 'category=Data%20Science',
  'categories 3': 'category=AI%2FML&category=Web%20Development&category=Others',
  level: 'level=Advanced',
  'price free': 'price=free',
  'price 500-1000': 'price=500-1000',
  'minRating 4.5': 'minRating=4.5',
  'duration 2-6': 'duration=2-6',
  'language hi': 'language=hi',
  'language as (rare)': 'language=as',
  'sort popular': 'sort=popular',
  'sort rating': 'sort=rating',
  'sort price-asc': 'sort=price-asc',
  'sort price-desc': 'sort=price-desc',
  'all filters, newest': 'category=Data%20Science&level=Beginner&price=paid&minRating=4&duration=0-2',
  'all filters, popular': 'category=Data%20Science&level=Beginner&price=paid&minRating=4&duration=0-2&sort=popular',
  'rare mix, rating': 'category=Ethical%20Hacking&level=Advanced&price=1000-&minRating=4.5&duration=2-6&sort=rating',
  'rare mix, price-desc': 'category=Others&level=Advanced&price=free&minRating=4.5&sort=price-desc',
  'languages ta+te + filters, rating': 'language=ta&language=te&level=Beginner&price=paid&minRating=4&sort=rating',
  'q python': 'q=python',
  'q typo pyhton': 'q=pyhton',
  'q two words': 'q=machine%20lerning',
  'q common word': 'q=learn',
  'q educator': 'q=educator%20name',
  'q python + filters, popular': 'q=python&level=Beginner&price=paid&minRating=4&sort=popular',
  'q learn + rare mix, price-asc': 'q=learn&category=Others&level=Advanced&price=1000-&sort=price-asc',
  'q python + language hi': 'q=python&language=hi',
  'q no match': 'q=zzqqxx',
};

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: pct(s, 50), p95: pct(s, 95), max: s.at(-1) };
};
const fmt = (n) => (n === undefined ? '' : n.toFixed(1).padStart(7));

async function main() {
  const url = opt['database-url'];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-bench-catalog-'));
  try {
    if (opt.seed) {
      console.error(`seeding ${opt.seed} synthetic courses into ${url} …`);
      const seconds = seedSynthetic({ courses: Number(opt.seed), dataDir, databaseUrl: url, output: 2 });
      console.error(`seeded in ${seconds} s`);
    }
    const { loadConfig } = await mod('apps/server/src/core/config.ts');
    const { buildApp } = await mod('apps/server/src/app.ts');
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: url,
      DATA_ENCRYPTION_KEY: 'bench-data-encryption-key-0123456789abcdef',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      AI_PROVIDER: 'local',
      VIDEO_PROCESSING: 'false',
      WEB_DIST: path.join(dataDir, 'no-web'),
      PAYMENT_PROVIDER: 'sandbox',
    });
    const app = await buildApp(config);
    await app.ready();
    try {
      await run(app);
    } finally {
      await app.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function run(app) {
  const { sql } = await import('drizzle-orm');
  const [{ n: listed }] = (await app.db.execute(sql`select count(*)::int as n from course_rank where listed`)).rows;
  // The educator with the most courses: a name query that matches.
  const [{ name }] = (
    await app.db.execute(sql`select u.name from users u join courses c on c.creator_id = u.id
      where c.is_published group by u.id, u.name order by count(*) desc limit 1`)
  ).rows;
  const combos = Object.entries(COMBINATIONS)
    .filter(([label]) => !opt.only || opt.only.split(',').includes(label))
    .map(([label, query]) => [label, query.replace('educator%20name', encodeURIComponent(name.toLowerCase()))]);
  console.log(
    `${listed} published courses; ${combos.length} combinations × ${rounds} rounds; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  const get = async (query) => {
    const t0 = performance.now();
    const res = await app.inject(`/api/course/catalog?${query}`);
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
    return { ms, page: res.json() };
  };
  const bump = () => app.db.execute(sql`update catalog_version set version = version + 1 where id = 1`);
  const bumpFacets = async () => {
    await bump();
    await app.db.execute(sql`update catalog_facets_version set version = version + 1 where id = 1`);
  };

  const times = new Map(combos.map(([label]) => [label, { first: [], next: [], cold: [], colder: [], total: 0 }]));
  for (const [, query] of combos) await get(query); // warm-up: connections, plans, cubes
  // The catalogue unchanged: the facet cubes are kept (per version), every page is read.
  for (let round = 0; round < rounds; round++) {
    for (const [label, query] of [...combos].sort(() => Math.random() - 0.5)) {
      const t = times.get(label);
      const first = await get(query);
      t.first.push(first.ms);
      t.total = first.page.total;
      if (first.page.nextCursor) t.next.push((await get(`${query}&cursor=${first.page.nextCursor}`)).ms);
    }
  }
  // Right after an enrolment (the catalogue version moves; the cubes, read once more at the
  // current facets version first, stay), then right after a course change (the facets version
  // moves too: the scope's cube is read again with the page).
  for (const [, query] of combos) await get(query);
  for (let round = 0; round < rounds; round++) {
    for (const [label, query] of [...combos].sort(() => Math.random() - 0.5)) {
      await bump();
      times.get(label).cold.push((await get(query)).ms);
    }
  }
  for (let round = 0; round < rounds; round++) {
    for (const [label, query] of [...combos].sort(() => Math.random() - 0.5)) {
      await bumpFacets();
      times.get(label).colder.push((await get(query)).ms);
    }
  }

  console.log(
    `\n${'combination'.padEnd(32)}${'total'.padStart(7)} | first page p50/p95/max | next page p50/p95 | after an enrolment p50/p95 | after a course change p50/p95/max`,
  );
  const report = [];
  for (const [label] of combos) {
    const t = times.get(label);
    const first = summary(t.first);
    const next = t.next.length ? summary(t.next) : {};
    const enrolment = summary(t.cold);
    const change = summary(t.colder);
    report.push({ label, total: t.total, first, next, enrolment, change });
    console.log(
      `${label.padEnd(32)}${String(t.total).padStart(7)} |${fmt(first.p50)}${fmt(first.p95)}${fmt(first.max)} |${fmt(next.p50)}${fmt(next.p95)} |${fmt(enrolment.p50)}${fmt(enrolment.p95)} |${fmt(change.p50)}${fmt(change.p95)}${fmt(change.max)}`,
    );
  }
  const all = (key) => summary(report.flatMap((r) => times.get(r.label)[key]));
  const both = (key) => `p50 ${fmt(all(key).p50)} p95 ${fmt(all(key).p95)}`;
  console.log(
    `\nall combinations (ms): first page ${both('first')}; next page ${both('next')}; after an enrolment ${both('cold')}; after a course change ${both('colder')}`,
  );
  console.log(
    `load at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (opt.json) {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(opt.json, JSON.stringify({ listed, rounds, report, load: loadavg() }, null, 2));
  }
}

await main();
process.exit(0);
