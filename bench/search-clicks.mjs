#!/usr/bin/env node
// Search learns from learners (issue #33): replays a simulated month of AI searches, opens and
// enrolments on each visible labelled set (bench/search-eval: dev, dev-b, dev-hi) through the real
// pipeline — `search` / `search_open` / `enrolment` analytics events, the search rollup, the click
// signal's job, the engine reading it — and reports nDCG@10 before and after.
//
//   node --import tsx bench/search-clicks.mjs                 # every set, 30 days, 400 learners
//   node --import tsx bench/search-clicks.mjs --sets dev-b --days 10 --learners 200
//
// The simulated learners are made from the sets' relevance judgements, never from the engine:
// a learner picks a query (some far more often than others), sometimes types it another way
// (a letter swapped, words in another order), looks down the results with a position bias of its
// own (not the 1/rank the click model assumes), opens a result with a probability that grows with
// its judged grade (with noise: irrelevant results are opened too), and sometimes enrols. A few
// accounts also open the same irrelevant result of every query they search, every day.
// Deterministic (seeded). In-process, on a fresh in-memory PGlite per set.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { insertCourses } from './lib/search-catalog.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: opt } = parseArgs({
  options: {
    sets: { type: 'string', default: 'dev,dev-b,dev-hi' },
    days: { type: 'string', default: '30' },
    learners: { type: 'string', default: '400' },
    seed: { type: 'string', default: '33' },
    weights: { type: 'string', default: '0.05,0.1,0.2' },
  },
});
const evalDir = path.join(root, 'bench/search-eval');
const mod = (p) => import(pathToFileURL(path.join(root, p)).href);

const { openPglite } = await mod('apps/server/src/core/db/client.ts');
const { sql } = await import('drizzle-orm');
const search = await mod('apps/server/src/modules/search/search.service.ts');
const { rankCourses } = await mod('apps/server/src/modules/search/engine/search.engine.ts');
const { parseQuery } = await mod('apps/server/src/modules/search/engine/search.query.ts');
const { DEFAULT_TUNING, tuningWith } = await mod('apps/server/src/modules/search/engine/search.tuning.ts');
const demand = await mod('apps/server/src/modules/search/search.demand.ts');
const { refreshClickSignal } = await mod('apps/server/src/modules/search/search.learning.ts');
const { evaluate } = await import(pathToFileURL(path.join(evalDir, 'metrics.mjs')).href);

/** The simulated learners' examination of position r (1-based): not 1/r, so the correction is not fitted to it. */
const examine = (r) => 0.92 * 0.8 ** (r - 1);
/** Opening an examined result of judged grade g (0 = not relevant … 3 = exactly right), before noise. */
const OPEN = [0.05, 0.2, 0.5, 0.8];
/** A learner's judgement is random this often (opens any examined result with probability 0.3). */
const NOISE = 0.15;
/** Enrolling after opening a result of grade g. */
const ENROL = [0.02, 0.06, 0.15, 0.3];
/** Accounts that open the same irrelevant result of every query they search, every day. */
const SPAMMERS = 4;

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Another way of typing the query: two letters of a long word swapped, or two words exchanged. */
function variant(q, rand) {
  const words = q.split(/\s+/);
  if (rand() < 0.5) {
    const long = words.map((w, i) => [w, i]).filter(([w]) => w.length >= 6 && /^[a-z]+$/i.test(w));
    if (long.length) {
      const [w, i] = long[Math.floor(rand() * long.length)];
      const j = 1 + Math.floor(rand() * (w.length - 3));
      words[i] = w.slice(0, j) + w[j + 1] + w[j] + w.slice(j + 2);
      return words.join(' ');
    }
  }
  if (words.length >= 2) {
    const i = Math.floor(rand() * (words.length - 1));
    [words[i], words[i + 1]] = [words[i + 1], words[i]];
  }
  return words.join(' ');
}

const kindOf = (q) =>
  (q.note ?? '').match(/^\[(\w+)\]/)?.[1] ?? (Object.keys(q.relevant ?? {}).length ? q.kind : 'none');

async function rankAll(db, queries, keyOf, tuning) {
  const results = new Map();
  for (const q of queries) {
    const ids = (
      await rankCourses(db, parseQuery(q.query), { tuning, clickKey: search.searchGroup(q.query)?.key ?? null })
    ).map((r) => r.id);
    results.set(q.id, { keys: ids.map((id) => keyOf.get(id) ?? null), ids, ms: 0 });
  }
  return results;
}

const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
const fmt = (x) => (Number.isNaN(x) ? '  -  ' : x.toFixed(3));

function summary(queries, report) {
  const byId = new Map(queries.map((q) => [q.id, q]));
  const kinds = new Map();
  for (const r of report.rows) {
    if (!r.answerable) continue;
    const k = kindOf(byId.get(r.id));
    if (!kinds.has(k)) kinds.set(k, []);
    kinds.get(k).push(r.ndcg);
  }
  return { overall: report.summary.ndcg, abstain: report.summary.abstain, kinds };
}

async function runSet(name) {
  const dir = name === 'dev' ? evalDir : path.join(evalDir, name);
  const catalog = JSON.parse(readFileSync(path.join(dir, 'catalog.json'), 'utf8'));
  const queries = JSON.parse(readFileSync(path.join(dir, 'queries.json'), 'utf8'));
  const database = await openPglite();
  const { db } = database;
  const lines = [];
  try {
    const ids = await insertCourses(db, sql, catalog);
    const keyOf = new Map(ids.map((id, i) => [id, catalog[i].key]));
    const categoryOf = new Map(ids.map((id, i) => [id, catalog[i].category]));
    await search.reindexAll(db);

    // Before: no clicks at all; and the same with the signal switched off — must be identical.
    const before = await rankAll(db, queries, keyOf, DEFAULT_TUNING);
    const off = await rankAll(db, queries, keyOf, tuningWith({ clickWeight: 0 }));
    const identical = queries.every((q) => before.get(q.id).ids.join() === off.get(q.id).ids.join());
    const reportBefore = evaluate(queries, before, 10);

    // The month.
    const rand = rng(Number(opt.seed) + name.length);
    const days = Number(opt.days);
    const learnerCount = Number(opt.learners);
    const learners = Array.from({ length: learnerCount }, (_, i) => `sim-learner-${i}`);
    const spammers = Array.from({ length: SPAMMERS }, (_, i) => `sim-spam-${i}`);
    // Popularity: a Zipf law over the queries in a random order (a few head queries, a long tail).
    const order = queries
      .map((q) => [q, rand()])
      .sort((a, b) => a[1] - b[1])
      .map(([q]) => q);
    const weights = order.map((_, i) => 1 / (i + 1) ** 0.9);
    const total = weights.reduce((a, b) => a + b, 0);
    const pick = () => {
      let x = rand() * total;
      for (let i = 0; i < order.length; i++) {
        x -= weights[i];
        if (x <= 0) return order[i];
      }
      return order[order.length - 1];
    };
    const start = Date.now() - days * 86_400_000;
    let searches = 0;
    let opens = 0;
    let enrols = 0;
    const enrolled = new Set();
    for (let d = 0; d < days; d++) {
      const answers = new Map();
      const answer = async (text) => {
        if (!answers.has(text)) {
          const group = search.searchGroup(text);
          const ranked = await rankCourses(db, parseQuery(text), { clickKey: group?.key ?? null });
          answers.set(text, { group, ids: ranked.map((r) => r.id) });
        }
        return answers.get(text);
      };
      const events = [];
      const dayStart = start + d * 86_400_000;
      const push = (e) => events.push({ ...e, at: new Date(dayStart + events.length * 1000).toISOString() });
      for (const learner of learners) {
        // About one search a day each (0, 1 or 2).
        const n = rand() < 0.3 ? 0 : rand() < 0.75 ? 1 : 2;
        for (let s = 0; s < n; s++) {
          const q = pick();
          const text = rand() < 0.3 ? variant(q.query, rand) : q.query;
          const { group, ids: shown } = await answer(text);
          if (!group) continue;
          searches++;
          const results = shown.map((id) => ({ id, category: categoryOf.get(id) }));
          push({ type: 'search', learner, payload: demand.searchEventPayload(text, group, results) });
          for (const [i, id] of shown.slice(0, 10).entries()) {
            if (rand() >= examine(i + 1)) continue;
            const g = q.relevant?.[keyOf.get(id)] ?? 0;
            const p = rand() < NOISE ? 0.3 : OPEN[g];
            if (rand() >= p) continue;
            opens++;
            push({ type: 'search_open', learner, course_id: id, position: i + 1 });
            const key = `${learner}:${id}`;
            if (!enrolled.has(key) && rand() < ENROL[g]) {
              enrolled.add(key);
              enrols++;
              push({ type: 'enrolment', learner, course_id: id });
            }
          }
        }
      }
      // The few accounts: each searches five queries and opens the last result shown, every day.
      for (const learner of spammers)
        for (const q of order.slice(0, 5)) {
          const { group, ids: shown } = await answer(q.query);
          if (!group || shown.length < 2) continue;
          const results = shown.map((id) => ({ id, category: categoryOf.get(id) }));
          push({ type: 'search', learner, payload: demand.searchEventPayload(q.query, group, results) });
          const last = shown[Math.min(shown.length, 10) - 1];
          for (let k = 0; k < 3; k++) push({ type: 'search_open', learner, course_id: last, position: 10 });
        }
      await db.execute(sql`
        insert into analytics_events (at, type, learner, course_id, position, payload)
        select x.at, x.type, x.learner, x.course_id, x.position, x.payload
        from json_to_recordset(${JSON.stringify(events)}::json)
          as x(at timestamptz, type text, learner text, course_id uuid, position real, payload jsonb)`);
      await demand.rollupSearch(db);
      await refreshClickSignal(db, { windowDays: 90, now: new Date(dayStart + 86_400_000) });
    }
    const [{ n: signalRows }] = (await db.execute(sql`select count(*)::int as n from search_click_signal`)).rows;
    const after = await rankAll(db, queries, keyOf, DEFAULT_TUNING);
    const reportAfter = evaluate(queries, after, 10);
    const b = summary(queries, reportBefore);
    const a = summary(queries, reportAfter);
    const byQuery = reportBefore.rows
      .filter((r) => r.answerable)
      .map((r) => ({ id: r.id, query: r.query, d: reportAfter.rows.find((x) => x.id === r.id).ndcg - r.ndcg }));
    const worse = byQuery.filter((x) => x.d < -1e-9);
    const better = byQuery.filter((x) => x.d > 1e-9);
    lines.push(
      `-- ${name}: ${days} days, ${learnerCount} learners + ${SPAMMERS} spam accounts: ${searches} searches, ${opens} opens, ${enrols} enrolments; ${signalRows} (group, course) scores`,
      `   empty click table = signal off, every query: ${identical ? 'identical' : 'DIFFERENT'}`,
      `   nDCG@10 overall  before ${fmt(b.overall)}  after ${fmt(a.overall)}  (${a.overall - b.overall >= 0 ? '+' : ''}${(a.overall - b.overall).toFixed(3)})  abstain ${b.abstain?.toFixed(2)} -> ${a.abstain?.toFixed(2)}`,
    );
    for (const [k, xs] of [...b.kinds].sort())
      lines.push(
        `   ${k.padEnd(11)} n=${String(xs.length).padStart(3)}  before ${fmt(mean(xs))}  after ${fmt(mean(a.kinds.get(k)))}`,
      );
    lines.push(
      `   queries better ${better.length}, worse ${worse.length}${worse.length ? ` (worst ${Math.min(...worse.map((x) => x.d)).toFixed(3)}: ${worse.sort((x, y) => x.d - y.d)[0].query})` : ''}`,
    );
    // The blend's weight, on the same month's click table (the month itself was ranked with the default).
    for (const w of opt.weights.split(',').map(Number)) {
      const r = evaluate(queries, await rankAll(db, queries, keyOf, tuningWith({ clickWeight: w })), 10);
      lines.push(`   clickWeight ${w.toFixed(2)}: nDCG@10 ${fmt(r.summary.ndcg)}`);
    }
  } finally {
    await database.close();
  }
  return lines;
}

const out = [];
for (const name of opt.sets.split(',').filter(Boolean)) {
  const t0 = performance.now();
  const lines = await runSet(name);
  lines.push(`   (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  for (const l of lines) console.log(l);
  out.push(...lines);
}
console.log('\n================ search clicks replay ================');
for (const l of out) console.log(l);
