#!/usr/bin/env node
// `npm run bench:web`: builds the app, starts it with demo content, and runs Lighthouse (mobile,
// simulated throttling) on /, /allcourses and a course page with Debian's Chromium. Prints
// performance, accessibility and best-practices scores, FCP, LCP, CLS, TBT and the JavaScript each
// page loads: the median run by performance score, as Lighthouse advises for noisy machines.
// Bounded: three pages, `--runs N` runs each (default 3), then it stops the server.
//   --runs N          runs per page (the median one is printed)
//   --report DIR      keep each page's median Lighthouse report (HTML and JSON)
//   --no-build        use the existing build
//   --build-dir DIR   measure another checkout's build as it is (e.g. `git archive <commit>` built in /tmp)
//   --courses N       a synthetic catalogue of N courses (npm run db:seed-synthetic) instead of the demo
//   --learners M      its learners (default N); --data-dir DIR seeds into DIR and keeps it, or reuses
//                     the database already there (so several runs share one seeding)
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build, CHROMIUM_FLAGS, chromiumPath, startServer } from '../scripts/serve.mjs';
import { DEMO_LEARNER, SYNTHETIC_LEARNER, signIn, syntheticDataDir } from './lib/synthetic.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    report: { type: 'string' },
    'no-build': { type: 'boolean' },
    'build-dir': { type: 'string' },
    courses: { type: 'string' },
    learners: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const runs = Math.max(1, Number.parseInt(args.runs, 10) || 1);
const courses = Number(args.courses ?? 0);
const chromePath = chromiumPath();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

if (!args['no-build'] && !args['build-dir']) build();
const data =
  courses > 0 || args['data-dir']
    ? await syntheticDataDir({ courses, learners: Number(args.learners ?? courses), dataDir: args['data-dir'] })
    : null;
console.log(`load average before: ${load()}`);
const server = await startServer({
  quiet: true,
  dir: args['build-dir'] ? path.resolve(args['build-dir']) : undefined,
  dataDir: data?.dataDir,
  readySeconds: 180,
  env: data ? { SEED_DEMO: 'false' } : {},
}).catch(async (e) => {
  await data?.remove();
  throw e;
});
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS });

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/**
 * One Lighthouse run; a fresh page load each time (Lighthouse clears the cache). A run whose trace
 * failed (NO_NAVSTART and the like, on a busy machine) is repeated, twice at most.
 */
async function audit(url, cookie, attempt = 1) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'html',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (result.lhr.runtimeError) {
    if (attempt <= 2) {
      console.log(`${url}: ${result.lhr.runtimeError.code}, run again`);
      return audit(url, cookie, attempt + 1);
    }
    throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  }
  return result;
}

function row(name, lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const jsBytes = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const ms = (id) => Math.round(lhr.audits[id].numericValue);
  return {
    page: name,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    'best-practices': score(lhr, 'best-practices'),
    'FCP ms': ms('first-contentful-paint'),
    'LCP ms': ms('largest-contentful-paint'),
    CLS: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    'TBT ms': ms('total-blocking-time'),
    'JS KB (transfer)': Math.round(jsBytes / 1024),
  };
}

try {
  const cookie = await signIn(server.baseUrl, data ? SYNTHETIC_LEARNER : DEMO_LEARNER);
  const [course] = await (await fetch(`${server.baseUrl}/api/course/getpublishedcoures?limit=1`)).json();

  const pages = [
    { name: '/', path: '/', cookie: undefined },
    { name: '/allcourses', path: '/allcourses', cookie },
    { name: '/viewcourse/{id}', path: `/viewcourse/${course._id}`, cookie },
  ];
  const rows = [];
  for (const page of pages) {
    const results = [];
    try {
      for (let i = 0; i < runs; i++) results.push(await audit(`${server.baseUrl}${page.path}`, page.cookie));
    } catch (error) {
      // A page Lighthouse cannot finish (e.g. PROTOCOL_TIMEOUT on a very slow page) is a result too.
      console.log(error.message);
      rows.push({ page: page.name, performance: 'failed', 'perf (all runs)': `${results.length} of ${runs} done` });
      continue;
    }
    results.sort((a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'));
    const median = results[Math.floor(results.length / 2)];
    rows.push({
      ...row(page.name, median.lhr),
      'perf (all runs)': results.map((r) => score(r.lhr, 'performance')).join(' '),
    });
    console.log(`${page.name}: performance ${rows.at(-1).performance} (${rows.at(-1)['perf (all runs)']})`);
    if (args.report) {
      mkdirSync(args.report, { recursive: true });
      const file = path.join(args.report, page.name.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home');
      writeFileSync(`${file}.html`, median.report);
      writeFileSync(`${file}.json`, JSON.stringify(median.lhr));
    }
  }
  console.table(rows);
  console.log(`load average after: ${load()}`);
} finally {
  await chrome.kill();
  await server.stop();
  await data?.remove();
}
