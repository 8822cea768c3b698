import path from 'node:path';
import { type Browser, type BrowserContext, type Cookie, chromium, type Page } from 'playwright-core';
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

/** A fresh browser context (own cookies) with a page at desktop or phone size. Console errors are collected. */
export async function newPage(
  opts: { phone?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const b = await launchBrowser();
  const context = await b.newContext({
    baseURL: baseUrl(),
    viewport: opts.phone ? { width: 360, height: 740 } : { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    isMobile: opts.phone,
    hasTouch: opts.phone,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
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
