import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Course, User } from '@kaksha/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startServer } from '../../../scripts/serve.mjs';
import { axeViolations, DEMO, newPage as openPage, screenshot } from './browser';

/**
 * Issue #31 in the browser, on a server of this file's own (production build, demo content, manual
 * payouts, an operator by ADMIN_EMAILS) whose clock the test moves forward (e2e/clock-shift.mjs): a
 * learner buys a course; its educator saves a payout account and sees the sale pending; the refund
 * window passes; the operator runs the payout and records the bank's UTR; the educator sees it paid
 * and downloads the month's statement. A learner is refused the console. Screenshots at 1280 and
 * 360 px of the Earnings page and the console, each checked with axe first.
 */

const OPERATOR = { email: 'ops-e2e@example.com', password: 'Operator@12345' };
const clockFile = path.join(tmpdir(), `kaksha-e2e-clock-${process.pid}`);
const DAY = 86_400_000;
let server: Awaited<ReturnType<typeof startServer>>;
let base = '';
let course: Course;

beforeAll(async () => {
  await writeFile(clockFile, '0');
  server = await startServer({
    quiet: true,
    readySeconds: 180,
    env: {
      ADMIN_EMAILS: OPERATOR.email,
      PAYOUT_PROVIDER: 'manual',
      // Two-factor sign-in is not this file's subject (security.e2e.ts has it): the operator and the
      // educator use the console and save a payout account without it.
      ADMIN_2FA_REQUIRED: 'false',
      PAYOUT_2FA_REQUIRED: 'false',
      E2E_CLOCK_FILE: clockFile,
      NODE_OPTIONS: `--import ${path.join(path.dirname(fileURLToPath(import.meta.url)), 'clock-shift.mjs')}`,
    },
  });
  base = server.baseUrl;
}, 240_000);
afterAll(async () => {
  await server?.stop();
  await rm(clockFile, { force: true });
});

async function newPage(opts: Parameters<typeof openPage>[0] = {}) {
  const opened = await openPage(opts);
  onTestFailed(async ({ task }) => {
    await screenshot(opened.page, `earnings-FAILED-${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 50)}.png`).catch(
      () => {},
    );
  });
  return opened;
}

/** Signs in (or up) through the API of this file's server; later page loads are signed in. */
async function signIn(page: Page, who: { email: string; password: string }, signUpAs?: 'student') {
  const headers = { origin: base };
  if (signUpAs) {
    const res = await page.request.post(`${base}/api/auth/signup`, {
      data: { name: 'Someone', ...who, role: signUpAs },
      headers,
    });
    if (!res.ok()) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
    return (await res.json()) as User;
  }
  const res = await page.request.post(`${base}/api/auth/login`, { data: who, headers });
  if (!res.ok()) throw new Error(`login as ${who.email} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as User;
}

async function shot(page: Page, name: string) {
  expect(await axeViolations(page), name).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(1);
  await screenshot(page, `earnings-${name}.png`);
}

async function bothWidths(page: Page, name: string) {
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, `${name}-360`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const balance = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Balances' })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::dd[1]');

describe('earnings: a sale pending, released, paid out and in the statement', () => {
  it('a learner buys a course of the educator', async () => {
    const { page, context } = await newPage();
    await signIn(page, DEMO.educator);
    const own = (await (await page.request.get(`${base}/api/course/getcreatorcourses`)).json()) as Course[];
    course = own
      .filter((c) => c.isPublished && (c.price ?? 0) >= 1000)
      .sort((a, b) => (b.price ?? 0) - (a.price ?? 0))[0] as Course;
    expect(course).toBeDefined();
    await context.clearCookies();
    await signIn(page, { email: `buyer-${Date.now()}@example.com`, password: 'Learner@12345' }, 'student');
    const headers = { origin: base };
    const order = await (
      await page.request.post(`${base}/api/payment/create-order`, { data: { courseId: course._id }, headers })
    ).json();
    const paid = await (
      await page.request.post(`${base}/api/payment/sandbox/pay`, {
        data: { orderId: order.id, outcome: 'success' },
        headers,
      })
    ).json();
    const { status: _status, ...signed } = paid;
    const verified = await page.request.post(`${base}/api/payment/verify-payment`, {
      data: { ...signed, courseId: course._id },
      headers,
    });
    expect(verified.status(), await verified.text()).toBe(200);
    await context.close();
  });

  it('the educator saves a payout account and sees the sale pending', async () => {
    const { page, context, errors } = await newPage();
    await signIn(page, DEMO.educator);
    await page.goto(`${base}/dashboard`);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('link', { name: 'Earnings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Earnings' }).waitFor();
    const form = page.getByRole('form', { name: 'Payout account' });
    await form.getByLabel('Account holder').fill('Ananya Sharma');
    await form.getByLabel('Account number').fill('5010 0123 4567 89');
    await form.getByLabel('IFSC').fill('HDFC0000123');
    await form.getByLabel('PAN').fill('ABCPS1234K');
    await form.getByRole('button', { name: 'Save payout account' }).click();
    await page.getByText('•••• 6789').waitFor();
    expect(await page.content()).not.toContain('50100123456789');
    const sale = page
      .getByRole('list', { name: 'Ledger entries' })
      .getByRole('listitem')
      .filter({ hasText: course.title })
      .first();
    await sale.getByText(/Pending until/).waitFor();
    expect(await balance(page, 'Pending').textContent()).not.toBe('₹ 0.00');
    // As the educator finds it next time (no menu left open from getting here).
    await page.goto(`${base}/educator/earnings`);
    await sale.getByText(/Pending until/).waitFor();
    await bothWidths(page, 'pending');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after the refund window the operator runs the payout and records the transfer', async () => {
    await writeFile(clockFile, String(8 * DAY));
    const { page, context, errors } = await newPage();
    const operator = await signIn(page, OPERATOR, 'student');
    expect(operator.role).toBe('admin');
    await page.goto(`${base}/`);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('link', { name: 'Operator console' }).click();
    await page.getByRole('heading', { level: 1, name: 'Operator console' }).waitFor();
    await page.getByRole('tab', { name: 'Payouts' }).click();
    await page
      .getByRole('list', { name: 'Educators due a payout' })
      .getByText('ananya@kaksha.dev', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Run payouts' }).click();
    const history = page.getByRole('list', { name: 'Payouts' });
    const row = history.getByRole('listitem').filter({ hasText: 'ananya@kaksha.dev' });
    // A manual payout waits for the operator's transfer (its status as the console words it).
    await row.getByText('Being transferred', { exact: true }).waitFor();
    await bothWidths(page, 'console-payouts');
    await row.getByLabel(/UTR for/).fill('HDFCR52026112712345');
    await row.getByRole('button', { name: 'Mark paid' }).click();
    await row.getByText('Paid', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByRole('list', { name: 'Audit log' }).getByText('payout.markPaid').waitFor();
    // The month-end check finds the sale, its invoice, the payout and the balances in agreement.
    await page.getByRole('tab', { name: 'GST & reconcile' }).click();
    await page.getByRole('button', { name: 'Check now' }).click();
    await page.getByText('No differences.').waitFor();
    await bothWidths(page, 'console-reports');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the educator sees it paid out and downloads the statement, whose totals reconcile', async () => {
    const { page, context, errors } = await newPage();
    await signIn(page, DEMO.educator);
    await page.goto(`${base}/educator/earnings`);
    const payout = page.getByRole('list', { name: 'Ledger entries' }).getByRole('listitem').first();
    await payout.getByText('UTR HDFCR52026112712345').waitFor();
    expect(await payout.textContent()).toContain('Paid');
    expect(await balance(page, 'Available').textContent()).toBe('₹ 0.00');
    const paidOut = await balance(page, 'Paid out').textContent();
    expect(paidOut).toBe(await balance(page, 'Lifetime').textContent());
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download statement (CSV)' }).click(),
    ]);
    const lines = (await readFile(await file.path(), 'utf8'))
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(file.suggestedFilename()).toMatch(/^kaksha-earnings-\d{4}-\d{2}\.csv$/);
    const [, opening, ...rest] = lines;
    const closing = rest.pop() as string[];
    const total = rest.pop() as string[];
    const cents = (v: string | undefined) => Math.round(Number(v) * 100);
    // The sale may be in the month before (the clock moved 8 days): its share is then the opening balance.
    expect(rest.map((l) => l[1])).toContain('Payout');
    // Each column's total is the sum of its lines; a sale's gross is its GST, fee and share; the
    // closing balance is the opening one plus the shares.
    for (const column of [4, 5, 6, 7]) {
      expect(cents(total[column])).toBe(rest.reduce((sum, line) => sum + cents(line[column]), 0));
    }
    for (const line of rest.filter((l) => l[1] === 'Sale')) {
      expect(cents(line[4])).toBe(cents(line[5]) + cents(line[6]) + cents(line[7]));
    }
    expect(cents(closing[7])).toBe(cents(opening?.[7]) + cents(total[7]));
    expect(cents(closing[7])).toBe(0);
    await bothWidths(page, 'paid');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a learner is refused the console: the page does not exist for them, the API answers 403', async () => {
    const { page, context } = await newPage();
    await signIn(page, { email: `nosy-${Date.now()}@example.com`, password: 'Learner@12345' }, 'student');
    await page.goto(`${base}/admin`);
    await page.getByText('404').waitFor();
    expect(await page.getByRole('heading', { name: 'Operator console' }).count()).toBe(0);
    expect((await page.request.get(`${base}/api/admin/orders`)).status()).toBe(403);
    await context.close();
  });
});
