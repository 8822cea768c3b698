#!/usr/bin/env node
// Calibration of one tuning value of the AI search against every labelled query we have
// (bench/search-eval: dev and dev-b), in-process on fresh in-memory databases. For each
// value of the grid it prints answered/abstained counts and nDCG@10 per set (the calibration
// curve), then picks the value by 5-fold cross-validation over the pooled queries and by
// holding out each set in turn. The objective is the one the engine's thresholds were fitted
// with: +1 per answerable query answered, -4 per no-answer query answered.
//
//   npm run bench:search-calibrate -- --param evidenceMass --grid 1.5,2,2.5,3,100
//   npm run bench:search-calibrate -- --param evidenceAnswer --grid 0.7,0.8,0.84,0.9
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { root } from '../scripts/serve.mjs';
import { insertCourses } from './lib/search-catalog.mjs';

const { values: opt } = parseArgs({
  options: {
    'eval-dir': { type: 'string', default: path.resolve(root, 'bench/search-eval') },
    param: { type: 'string', default: 'evidenceMass' },
    grid: { type: 'string', default: '1.5,2,2.5,3,100' },
    sets: { type: 'string', default: 'dev,dev-b' },
    folds: { type: 'string', default: '5' },
  },
});
const evalDir = path.resolve(opt['eval-dir']);
const grid = opt.grid.split(',').map(Number);
const mod = (p) => import(pathToFileURL(path.join(root, p)).href);
const { openPglite } = await mod('apps/server/src/core/db/client.ts');
const { reindexAll } = await mod('apps/server/src/modules/search/search.service.ts');
const { parseQuery } = await mod('apps/server/src/modules/search/engine/search.query.ts');
const { rankCourses } = await mod('apps/server/src/modules/search/engine/search.engine.ts');
const { DEFAULT_TUNING } = await mod('apps/server/src/modules/search/engine/search.tuning.ts');
const { scoreQuery } = await import(pathToFileURL(path.join(evalDir, 'metrics.mjs')).href);
if (!(opt.param in DEFAULT_TUNING)) throw new Error(`unknown tuning value ${opt.param}`);

const kindOf = (q) => (q.note ?? '').match(/^\[(\w+)\]/)?.[1] ?? q.kind;
const rows = [];
for (const set of opt.sets.split(',')) {
  const dir = set === 'dev' ? evalDir : path.join(evalDir, set);
  const catalog = JSON.parse(readFileSync(path.join(dir, 'catalog.json'), 'utf8'));
  const queries = JSON.parse(readFileSync(path.join(dir, 'queries.json'), 'utf8'));
  const database = await openPglite();
  try {
    const ids = await insertCourses(database.db, sql, catalog);
    const keyOf = new Map(ids.map((id, i) => [id, catalog[i].key]));
    await reindexAll(database.db);
    for (const q of queries) {
      const answerable = Object.keys(q.relevant).length > 0;
      const per = {};
      for (const value of grid) {
        const tuning = { ...DEFAULT_TUNING, [opt.param]: value };
        const keys = (await rankCourses(database.db, parseQuery(q.query), { tuning })).map((r) => keyOf.get(r.id));
        per[value] = { answered: keys.length > 0, ndcg: answerable ? scoreQuery(keys, q.relevant, 10).ndcg : null };
      }
      rows.push({ set, kind: kindOf(q), answerable, per });
    }
  } finally {
    await database.close();
  }
}

const objective = (rs, v) => rs.reduce((s, r) => s + (r.per[v].answered ? (r.answerable ? 1 : -4) : 0), 0);
const pick = (train) => grid.reduce((a, b) => (objective(train, b) > objective(train, a) ? b : a));
function summary(rs, v) {
  const ans = rs.filter((r) => r.answerable);
  const none = rs.filter((r) => !r.answerable);
  const ndcg = ans.reduce((s, r) => s + r.per[v].ndcg, 0) / (ans.length || 1);
  return (
    `answered ${ans.filter((r) => r.per[v].answered).length}/${ans.length}, ` +
    `abstain ${none.filter((r) => !r.per[v].answered).length}/${none.length}, nDCG@10 ${ndcg.toFixed(3)}`
  );
}

const sets = [...new Set(rows.map((r) => r.set))];
console.log(`Calibration curve of ${opt.param} (all labelled queries; default ${DEFAULT_TUNING[opt.param]})`);
for (const v of grid) {
  const parts = sets.map(
    (s) =>
      `${s}: ${summary(
        rows.filter((r) => r.set === s),
        v,
      )}`,
  );
  console.log(`  ${opt.param}=${v}  all: ${summary(rows, v)} | ${parts.join(' | ')}`);
}
const folds = Number(opt.folds);
let answered = 0;
let abstained = 0;
const picks = [];
for (let f = 0; f < folds; f++) {
  const test = rows.filter((_, i) => i % folds === f);
  const v = pick(rows.filter((_, i) => i % folds !== f));
  picks.push(v);
  answered += test.filter((r) => r.answerable && r.per[v].answered).length;
  abstained += test.filter((r) => !r.answerable && !r.per[v].answered).length;
}
const nAns = rows.filter((r) => r.answerable).length;
const nNone = rows.length - nAns;
console.log(
  `${folds}-fold cross-validation: picks ${picks.join(', ')}; held-out answered ${answered}/${nAns}, ` +
    `abstained ${abstained}/${nNone} (${(abstained / nNone).toFixed(2)})`,
);
for (const held of sets.length > 1 ? sets : []) {
  const v = pick(rows.filter((r) => r.set !== held));
  console.log(
    `fitted without ${held}: ${v}; on ${held}: ${summary(
      rows.filter((r) => r.set === held),
      v,
    )}`,
  );
}
