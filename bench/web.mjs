#!/usr/bin/env node
// `npm run bench:web`: builds the app, starts it with demo content, and runs Lighthouse (mobile,
// simulated throttling) on / (in English, and in Hindi: `/hi`, the locale cookie of a visitor who chose it),
// /allcourses and a course page with Debian's Chromium. Prints performance, accessibility, best-practices
// and SEO scores, FCP, LCP, CLS, TBT and the JavaScript each
// page loads: the median run by performance score, as Lighthouse advises for noisy machines.
// Bounded: three pages, `--runs N` runs each (default 3), then it stops the server.
//   --runs N          runs per page (the median one is printed)
//   --report DIR      keep each page's median Lighthouse report (HTML and JSON)
//   --no-build        use the existing build
//   --build-dir DIR   measure another checkout's build as it is (e.g. `git archive <commit>` built in /tmp)
//   --against DIR     also measure the build in DIR (e.g. the commit before), its runs interleaved with
//                     this one's (A B B A …), each on its own server and data: a busy machine's load
//                     then falls on both alike
//   --pages LIST      only these pages (comma-separated: /, /hi, /allcourses, /viewcourse)
//   --courses N       a synthetic catalogue of N courses (npm run db:seed-synthetic) instead of the demo
//   --learners M      its learners (default N); --data-dir DIR seeds into DIR and keeps it, or reuses
//                     the database already there (so several runs share one seeding)
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { build, CHROMIUM_FLAGS, chromiumPath, startServer } from '../scripts/serve.mjs';
import { DEMO_LEARNER, SYNTHETIC_LEARNER, signIn, syntheticDataDir } from './lib/synthetic.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    report: { type: 'string' },
    'no-build': { type: 'boolean' },
    'build-dir': { type: 'string' },
    against: { type: 'string' },
    pages: { type: 'string' },
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
// The compared build gets a copy of the synthetic database (PGlite is one process's), or its own demo.
const againstData = data && args.against ? mkdtempSync(path.join(tmpdir(), 'kaksha-against-')) : undefined;
if (againstData) cpSync(data.dataDir, againstData, { recursive: true });
const builds = [];
const cleanUp = async () => {
  for (const build of builds) await build.server.stop();
  if (againstData) rmSync(againstData, { recursive: true, force: true });
  await data?.remove();
};
try {
  for (const [label, dir, dataDir] of [
    [
      args['build-dir'] ? path.basename(path.resolve(args['build-dir'])) : 'this build',
      args['build-dir'],
      data?.dataDir,
    ],
    ...(args.against ? [[`against ${path.basename(path.resolve(args.against))}`, args.against, againstData]] : []),
  ]) {
    const server = await startServer({
      quiet: true,
      dir: dir ? path.resolve(dir) : undefined,
      dataDir,
      readySeconds: 180,
      // SEO is measured as a public site's: with the catalogue closed (the default) robots.txt
      // disallows everything, which Lighthouse's SEO audit reports as a page blocked from indexing.
      env: { PUBLIC_CATALOGUE: 'true', ...(data ? { SEED_DEMO: 'false' } : {}) },
    });
    builds.push({ label, server });
  }
} catch (e) {
  await cleanUp();
  throw e;
}
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS });

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/**
 * One Lighthouse run; a fresh page load each time (Lighthouse clears the cache). A run whose trace
 * failed (NO_NAVSTART and the like, on a busy machine) is repeated, twice at most.
 */
async function audit(url, cookie, locale, attempt = 1) {
  await setLocaleCookie(url, locale);
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'html',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (result.lhr.runtimeError) {
    if (attempt <= 2) {
      console.log(`${url}: ${result.lhr.runtimeError.code}, run again`);
      return audit(url, cookie, locale, attempt + 1);
    }
    throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  }
  return result;
}

/**
 * The browser's `locale` cookie for the page's origin: set to `locale`, or removed without one.
 * A Cookie request header alone (extraHeaders) would reach the server but not the app, which reads
 * document.cookie and would start in the browser's language. Lighthouse keeps cookies between runs.
 */
async function setLocaleCookie(url, locale) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const [context] = browser.contexts();
    await context.clearCookies({ name: 'locale' });
    if (locale) await context.addCookies([{ name: 'locale', value: locale, url: new URL(url).origin }]);
  } finally {
    await browser.close();
  }
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
    seo: score(lhr, 'seo'),
    'FCP ms': ms('first-contentful-paint'),
    'LCP ms': ms('largest-contentful-paint'),
    CLS: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    'TBT ms': ms('total-blocking-time'),
    'JS KB (transfer)': Math.round(jsBytes / 1024),
  };
}

try {
  const pages = [];
  for (const build of builds) {
    const cookie = await signIn(build.server.baseUrl, data ? SYNTHETIC_LEARNER : DEMO_LEARNER);
    const [course] = await (await fetch(`${build.server.baseUrl}/api/course/getpublishedcoures?limit=1`)).json();
    build.pages = {
      '/': { path: '/', cookie: undefined },
      // The landing page as a visitor who chose Hindi (issue #29): the server draws it in Hindi and
      // the app starts in it (its locale cookie is in the browser, where the app reads it too).
      '/ (hi)': { path: '/', cookie: undefined, locale: 'hi' },
      '/allcourses': { path: '/allcourses', cookie },
      '/viewcourse/{id}': { path: `/viewcourse/${course._id}`, cookie },
    };
  }
  const wanted = args.pages?.split(',').map((p) =>
    p
      .trim()
      .replace(/^\/viewcourse.*/, '/viewcourse/{id}')
      .replace(/^\/hi$/, '/ (hi)'),
  );
  for (const name of ['/', '/ (hi)', '/allcourses', '/viewcourse/{id}'])
    if (!wanted || wanted.includes(name)) pages.push(name);
  const rows = [];
  for (const name of pages) {
    const results = builds.map(() => []);
    try {
      for (let i = 0; i < runs; i++) {
        // A B, then B A: neither build always runs right after the other.
        const order = builds.map((_, b) => b);
        if (i % 2 === 1) order.reverse();
        for (const b of order) {
          const { server } = builds[b];
          const page = builds[b].pages[name];
          results[b].push(await audit(`${server.baseUrl}${page.path}`, page.cookie, page.locale));
        }
      }
    } catch (error) {
      // A page Lighthouse cannot finish (e.g. PROTOCOL_TIMEOUT on a very slow page) is a result too.
      console.log(error.message);
      rows.push({ page: name, performance: 'failed', 'perf (all runs)': `${results[0].length} of ${runs} done` });
      continue;
    }
    builds.forEach((build, b) => {
      const runsOfBuild = [...results[b]].sort((x, y) => score(x.lhr, 'performance') - score(y.lhr, 'performance'));
      const median = runsOfBuild[Math.floor(runsOfBuild.length / 2)];
      rows.push({
        ...(builds.length > 1 ? { build: build.label } : {}),
        ...row(name, median.lhr),
        'perf (all runs)': results[b].map((r) => score(r.lhr, 'performance')).join(' '),
        'TBT (all runs)': results[b].map((r) => Math.round(r.lhr.audits['total-blocking-time'].numericValue)).join(' '),
      });
      const last = rows.at(-1);
      console.log(
        `${name}${builds.length > 1 ? ` (${build.label})` : ''}: performance ${last.performance} (${last['perf (all runs)']})`,
      );
      if (args.report) {
        mkdirSync(args.report, { recursive: true });
        const base = name.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
        const file = path.join(args.report, b === 0 ? base : `${base}-against`);
        writeFileSync(`${file}.html`, median.report);
        writeFileSync(`${file}.json`, JSON.stringify(median.lhr));
      }
    });
  }
  console.table(rows);
  console.log(`load average after: ${load()}`);
} finally {
  await chrome.kill();
  await cleanUp();
}
