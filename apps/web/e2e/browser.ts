import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, type BrowserContext, type Cookie, chromium, type Page, type Response } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { CHROMIUM_FLAGS, chromiumPath } from '../../../scripts/serve.mjs';

let browser: Browser | undefined;

/** One headless Chromium per test file, closed after it. */
export async function launchBrowser() {
  if (browser) return browser;
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
  });
  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });
  return browser;
}

export const baseUrl = () => inject('baseUrl');

let userAgent: Promise<string> | undefined;
/** The browser's own user agent (a context's default). */
function defaultUserAgent(b: Browser) {
  userAgent ??= (async () => {
    const context = await b.newContext();
    const ua = await (await context.newPage()).evaluate(() => navigator.userAgent);
    await context.close();
    return ua;
  })();
  return userAgent;
}

/**
 * A fresh browser context (own cookies) with a page at desktop (1280 px) or phone (360 px)
 * size, or any `width`; `javaScript: false` to see what the server's HTML alone shows; a
 * `device` name added to the user agent (every test's browser is otherwise one visitor to
 * analytics, which knows a visitor by a hash of the IP address and the user agent); the browser's
 * `locale` (its Accept-Language and navigator.languages; Chromium's default is en-US). Console
 * errors (and warnings about unused preloads) are collected.
 */
export async function newPage(
  opts: { phone?: boolean; width?: number; javaScript?: boolean; device?: string; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const b = await launchBrowser();
  const width = opts.width ?? (opts.phone ? 360 : 1280);
  const touch = width < 640;
  const context = await b.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: touch ? 740 : 800 },
    deviceScaleFactor: 1,
    isMobile: touch,
    hasTouch: touch,
    javaScriptEnabled: opts.javaScript ?? true,
    ...(opts.device && { userAgent: `${await defaultUserAgent(b)} ${opts.device}` }),
    ...(opts.locale && { locale: opts.locale }),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    // Chrome only warns about a preload the page did not use (page-data.ts out of step with a page).
    // A failed request's message names no address; its location does (which request answered 401?).
    const where = msg.text().startsWith('Failed to load resource') ? ` (${msg.location().url})` : '';
    if (msg.type() === 'error' || (msg.type() === 'warning' && /preload/i.test(msg.text()))) {
      errors.push(msg.text() + where);
    }
  });
  page.on('pageerror', (err) => errors.push(err.message));
  // A page the server drew shows its buttons before the app answers them (ADR 0014): a page load
  // returns once the app has started on it, so no test clicks a button that does nothing yet.
  if (opts.javaScript ?? true) {
    const appStarted = async <T extends Response | null>(response: T) => {
      if (response?.headers()['content-type']?.startsWith('text/html')) {
        await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
      }
      return response;
    };
    const { goto, reload } = { goto: page.goto.bind(page), reload: page.reload.bind(page) };
    page.goto = async (url, options) => appStarted(await goto(url, options));
    page.reload = async (options) => appStarted(await reload(options));
  }
  return { context, page, errors };
}

/** Demo logins from the README. */
export const DEMO = {
  educator: { email: 'ananya@kaksha.dev', password: 'Educator@123' },
  student: { email: 'rahul@kaksha.dev', password: 'Student@123' },
};

/** Signs in through the API inside the browser context, so later page loads are signed in. */
const sessions = new Map<string, Cookie[]>();

/**
 * Signs in through the API inside the browser context, so later page loads are signed in.
 * A test file reuses one session per account (as a returning user would), which also keeps
 * the suite far below the login rate limits.
 */
export async function signInAs(page: Page, who: { email: string; password: string }) {
  const saved = sessions.get(who.email);
  if (saved) {
    await page.context().addCookies(saved);
    // A test may have logged that session out since.
    if ((await (await page.request.get('/api/user/currentuser')).json())?.email === who.email) return;
  }
  const res = await page.request.post('/api/auth/login', { data: who, headers: { origin: baseUrl() } });
  if (!res.ok()) throw new Error(`login as ${who.email} failed: ${res.status()} ${await res.text()}`);
  sessions.set(who.email, await page.context().cookies());
}

export const screenshotDir = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../../../test-results/screenshots',
);

/**
 * A full-page screenshot in test-results/screenshots. Sections marked `below-fold` are drawn
 * too: the browser skips them far from the viewport, and a full-page capture does not scroll.
 */
export function screenshot(page: Page, file: string) {
  mkdirSync(screenshotDir, { recursive: true });
  return page.screenshot({
    path: path.join(screenshotDir, file),
    fullPage: true,
    style: '.below-fold { content-visibility: visible !important; }',
  });
}

// Evaluated through the DevTools protocol: a <script> tag would be (rightly) refused by the page's CSP.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious or critical axe violations on the page as it is now, with WCAG 2.2's target-size
 * rule on: small targets too close together are hard to tap on a phone.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // An element still fading in (a toast's entrance) would be measured half transparent by the contrast
  // rule: short animations finish first (not a toast's progress bar, a spinner or anything as long).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => {
          const timing = a.effect?.getComputedTiming();
          return timing && timing.iterations !== Number.POSITIVE_INFINITY && Number(timing.endTime) <= 2000;
        })
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const result = await (window as any).axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'target-size': { enabled: true } },
    });
    return result.violations
      .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v: { id: string; nodes: { target: string[] }[] }) =>
          `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
  });
}
