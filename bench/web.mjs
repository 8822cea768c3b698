#!/usr/bin/env node
// `npm run bench:web`: builds the app, starts it with demo content, and runs Lighthouse (mobile,
// simulated throttling) on /, /allcourses and a course page with Debian's Chromium. Prints
// performance, accessibility and best-practices scores, LCP, CLS, TBT and the JavaScript each
// page loads. Bounded: three pages, one run each, then it stops the server.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build, CHROMIUM_FLAGS, chromiumPath, startServer } from '../scripts/serve.mjs';

const chromePath = chromiumPath();

if (!process.argv.includes('--no-build')) build();
const server = await startServer({ quiet: true });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: CHROMIUM_FLAGS,
});

try {
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'rahul@kaksha.dev', password: 'Student@123' }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!login.ok || !cookie) throw new Error(`demo login failed: ${login.status}`);
  const [course] = await (await fetch(`${server.baseUrl}/api/course/getpublishedcoures`)).json();

  const pages = [
    { name: '/', path: '/', cookie: undefined },
    { name: '/allcourses', path: '/allcourses', cookie },
    { name: '/viewcourse/{id}', path: `/viewcourse/${course._id}`, cookie },
  ];
  const rows = [];
  for (const page of pages) {
    const { lhr } = await lighthouse(`${server.baseUrl}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
    });
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const jsBytes = requests
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    rows.push({
      page: page.name,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      'LCP ms': Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      CLS: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      'TBT ms': Math.round(lhr.audits['total-blocking-time'].numericValue),
      'JS KB (transfer)': Math.round(jsBytes / 1024),
    });
    if (lhr.runtimeError) console.error(page.name, lhr.runtimeError.message);
  }
  console.table(rows);
} finally {
  await chrome.kill();
  await server.stop();
}
