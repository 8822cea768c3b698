#!/usr/bin/env node
// `npm run bench:allcourses`: /allcourses in Chromium (playwright-core, Debian's Chromium, no
// throttling) against a large synthetic catalogue (issue 16): for each of `--runs` cold loads (a new
// browser context: empty cache, the session cookie only) the time from navigation to the first
// course card in the DOM and to its image, LCP, and the first catalogue page's bytes on the wire;
// then, in the last run, the page's JavaScript heap after load and after scrolling `--pages` more
// catalogue pages (used size after a forced garbage collection, and before it).
// Bounded: every wait has a timeout; the server, Chromium and a temporary DATA_DIR are removed at
// the end.
//   --courses N       synthetic courses (default 10000); --learners M (default N)
//   --data-dir DIR    seed into DIR and keep it, or reuse the database already there
//   --runs N          cold loads (default 5; the median is printed)
//   --pages N         catalogue pages to scroll through after load (default 5)
//   --screenshots DIR keep a phone and a laptop screenshot of the page
//   --build-dir DIR   measure another checkout's build as it is; --no-build never builds
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { build, buildStatus, CHROMIUM_FLAGS, chromiumPath, startServer } from '../scripts/serve.mjs';
import { SYNTHETIC_LEARNER, signIn, syntheticDataDir } from './lib/synthetic.mjs';

const { values: args } = parseArgs({
  options: {
    courses: { type: 'string', default: '10000' },
    learners: { type: 'string' },
    'data-dir': { type: 'string' },
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: '5' },
    screenshots: { type: 'string' },
    'build-dir': { type: 'string' },
    'no-build': { type: 'boolean' },
  },
});
const courses = Number(args.courses);
const runs = Math.max(1, Number(args.runs));
const pages = Math.max(0, Number(args.pages));
const TIMEOUT = 30_000;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (!args['build-dir']) {
  const { built, stale } = buildStatus();
  if (!built || (stale && !args['no-build'])) build();
  else if (stale) console.log('note: the build is older than the sources (--no-build)');
}
const data = await syntheticDataDir({ courses, learners: Number(args.learners ?? courses), dataDir: args['data-dir'] });
let server;
let browser;
try {
  server = await startServer({
    quiet: true,
    dir: args['build-dir'] ? path.resolve(args['build-dir']) : undefined,
    dataDir: data.dataDir,
    readySeconds: 180,
    env: { SEED_DEMO: 'false' },
  });
  const cookie = await signIn(server.baseUrl, SYNTHETIC_LEARNER);
  const [name, value] = cookie.split(/=(.*)/s);
  const url = `${server.baseUrl}/allcourses`;
  // The server's first answers build its snapshots: that is the server's cold start, not the page's.
  await fetch(`${server.baseUrl}/api/course/catalog`, { headers: { cookie } });
  await fetch(url, { headers: { cookie } });
  console.log(`server ready in ${(server.readyMs / 1000).toFixed(1)} s; load average ${load()}`);

  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS, timeout: TIMEOUT });

  /** One cold load of /allcourses; `keep` leaves the page open for the heap figures. */
  async function coldLoad(keep = false, viewport = { width: 412, height: 823 }) {
    const context = await browser.newContext({ viewport });
    await context.addCookies([{ name, value, url: server.baseUrl }]);
    // The moment the first card enters the DOM, and its image has loaded, on the page's own clock.
    await context.addInitScript(() => {
      const marks = {};
      window.__bench = marks;
      new MutationObserver((_, observer) => {
        const card = document.querySelector('article a[href^="/viewcourse/"]');
        const img = card?.closest('article')?.querySelector('img');
        if (card && marks.card === undefined) marks.card = performance.now();
        if (img && marks.image === undefined) {
          const done = () => {
            if (marks.image === undefined) marks.image = performance.now();
          };
          if (img.complete && img.naturalWidth) done();
          else img.addEventListener('load', done, { once: true });
        }
        if (marks.card !== undefined && img) observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        marks.lcp = entries[entries.length - 1].startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map();
    const wire = new Map();
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
    cdp.on('Network.loadingFinished', (e) => {
      const u = urls.get(e.requestId);
      if (u) wire.set(u, (wire.get(u) ?? 0) + e.encodedDataLength);
    });
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT });
    const serverRendered = await page.evaluate(() => document.getElementById('page-state') !== null);
    await page.waitForFunction(() => window.__bench.card !== undefined && window.__bench.image !== undefined, null, {
      timeout: TIMEOUT,
    });
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT });
    const marks = await page.evaluate(() => window.__bench);
    // A build before the paged catalogue read the whole list (getpublishedcoures) instead; a page the
    // server renders (ADR 0014) carries the first page inside its HTML, so the whole document counts.
    const firstPage =
      [...wire].find(([u]) => new URL(u).pathname === '/api/course/catalog' && !u.includes('cursor')) ??
      [...wire].find(([u]) => new URL(u).pathname === '/api/course/getpublishedcoures' && !u.includes('limit')) ??
      [...wire].find(([u]) => u === url && serverRendered);
    const jsBytes = [...wire].filter(([u]) => u.endsWith('.js')).reduce((sum, [, b]) => sum + b, 0);
    const figures = {
      'first card ms': Math.round(marks.card),
      'its image ms': Math.round(marks.image),
      'LCP ms': Math.round(marks.lcp ?? Number.NaN),
      'catalog page 1 KB (wire)': firstPage ? Math.round((firstPage[1] / 1024) * 10) / 10 : null,
      'JS KB (wire)': Math.round(jsBytes / 1024),
      'all KB (wire)': Math.round([...wire.values()].reduce((a, b) => a + b, 0) / 1024),
    };
    if (!keep) await context.close();
    return { figures, page, cdp, context, wire, serverRendered };
  }

  const rows = [];
  for (let i = 0; i < runs - 1; i++) rows.push((await coldLoad()).figures);
  const last = await coldLoad(true);
  rows.push(last.figures);
  console.log('\ncold loads of /allcourses (412×823, no throttling):');
  console.table(rows);
  const summary = {};
  for (const key of Object.keys(rows[0])) summary[key] = median(rows.map((r) => r[key]));

  // JavaScript heap: after load, then after scrolling through more catalogue pages.
  const { page, cdp } = last;
  const heap = async () => {
    const before = await cdp.send('Runtime.getHeapUsage');
    await cdp.send('HeapProfiler.collectGarbage');
    const after = await cdp.send('Runtime.getHeapUsage');
    return { used: mb(before.usedSize), gc: mb(after.usedSize), total: mb(after.totalSize) };
  };
  const cards = () => page.locator('a[href^="/viewcourse/"]').count();
  const heapLoaded = await heap();
  const cardsLoaded = await cards();
  let pagesLoaded = 0;
  for (let i = 0; i < pages; i++) {
    const before = await cards();
    await page.mouse.wheel(0, 100_000);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // A build without a paged catalogue (everything on the first load) has no next page to wait for.
    const more = await page
      .waitForFunction((n) => document.querySelectorAll('a[href^="/viewcourse/"]').length > n, before, {
        timeout: 15_000,
      })
      .then(() => true)
      .catch(() => false);
    if (!more) {
      console.log(`no more cards after scrolling (page ${i + 1}): the heap is measured as it is`);
      break;
    }
    pagesLoaded++;
  }
  await page.waitForLoadState('networkidle', { timeout: TIMEOUT });
  const heapScrolled = await heap();
  const cardsScrolled = await cards();
  await last.context.close();

  if (args.screenshots) {
    mkdirSync(args.screenshots, { recursive: true });
    for (const [label, viewport] of [
      ['phone', { width: 412, height: 823 }],
      ['laptop', { width: 1280, height: 800 }],
    ]) {
      const shot = await coldLoad(true, viewport);
      const file = path.join(args.screenshots, `allcourses-${courses}-${label}.png`);
      await shot.page.screenshot({ path: file });
      console.log(`screenshot: ${file}`);
      await shot.context.close();
    }
  }

  console.log(`\n/allcourses with ${courses} synthetic courses, median of ${runs} cold loads (targets in brackets):`);
  console.table({
    'first course card after navigation, ms (≤ 1500)': summary['first card ms'],
    'its image loaded, ms': summary['its image ms'],
    'LCP, ms': summary['LCP ms'],
    [`first catalogue page on the wire, KB (≤ 50)${last.serverRendered ? ', the whole server-rendered HTML' : ''}`]:
      summary['catalog page 1 KB (wire)'],
    'JavaScript on the wire, KB': summary['JS KB (wire)'],
    'everything on the wire, KB': summary['all KB (wire)'],
    [`JS heap after load, MB used after GC (before GC) (≤ 50) [${cardsLoaded} cards]`]: `${heapLoaded.gc} (${heapLoaded.used})`,
    [`JS heap after ${pagesLoaded} more pages, MB used after GC (before GC) (≤ 50) [${cardsScrolled} cards]`]: `${heapScrolled.gc} (${heapScrolled.used})`,
  });
  console.log(`load average after: ${load()}`);
} finally {
  await browser?.close().catch(() => {});
  await server?.stop().catch(() => {});
  await data.remove();
}
