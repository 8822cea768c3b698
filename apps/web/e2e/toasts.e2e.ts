import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TOAST_AUTO_CLOSE_MS } from '../src/lib/ui-constants';
import { axeViolations, newPage, screenshot } from './browser';

/**
 * Every outcome of an action is told in a toast (spec §8), also for people who prefer reduced
 * motion (issue #34: the app's reduced-motion rule cut react-toastify's timer, its progress bar's
 * animation, to 0.01ms, so a toast closed a frame or two after it appeared and was mostly never
 * seen). Twenty toasts in a row, each on screen for its full time and inside a live region that
 * was on the page before the action, so screen readers announce it.
 */

const TOASTS = 20;

const newAccount = () => ({
  name: 'Toast Tester',
  email: `toast-${randomBytes(4).toString('hex')}@example.com`,
  password: 'Kaksha-e2e-2026',
  role: 'student' as const,
});

type ToastEvent = { text: string; added?: number; removed?: number };

/**
 * Tells the test about every toast the page adds and removes, with the page's clock, across page
 * loads. A toast that closes on its own must have been on screen for its whole time.
 */
async function recordToasts(context: BrowserContext) {
  const events: ToastEvent[] = [];
  await context.exposeBinding('__toastEvent', (_source, event: ToastEvent) => {
    events.push(event);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __toastEvent: (e: ToastEvent) => void }).__toastEvent;
    const added = new Map<Element, number>();
    const toasts = (node: Node) =>
      node instanceof Element
        ? [...(node.matches('.Toastify__toast') ? [node] : []), ...node.querySelectorAll('.Toastify__toast')]
        : [];
    new MutationObserver((records) => {
      const now = performance.now();
      for (const record of records) {
        for (const node of record.addedNodes) {
          for (const el of toasts(node)) {
            added.set(el, now);
            report({ text: el.textContent ?? '', added: now });
          }
        }
        for (const node of record.removedNodes) {
          for (const el of toasts(node)) {
            const since = added.get(el);
            if (since !== undefined) report({ text: el.textContent ?? '', added: since, removed: now });
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return events;
}

/**
 * Clicks `button` and waits for the toast it brings. Returns what is wrong with it, if anything: not
 * shown, the wrong role, or not inside a live region that was already on the page before the click
 * (a region inserted together with its first toast is often not announced).
 *
 * Only a toast that appeared after the click counts: the same words from the round before may still
 * be on screen, and taking that one for this click's would go on before the action has finished
 * (a log-out still on its way when the next page loads leaves the user signed in there).
 */
async function toastAfterClick(page: Page, button: Locator, text: string) {
  await button.waitFor();
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[aria-live]')) el.setAttribute('data-e2e-live-before', '');
    for (const el of document.querySelectorAll('.Toastify__toast')) el.setAttribute('data-e2e-toast-before', '');
  });
  await button.click();
  const shown = page.locator('.Toastify__toast:not([data-e2e-toast-before])', { hasText: text }).first();
  try {
    await shown.waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    return `${text}: not shown`;
  }
  const problems: string[] = [];
  const role = await shown.getAttribute('role');
  if (role !== 'status') problems.push(`${text}: role ${role}`);
  if ((await shown.locator('xpath=ancestor::*[@aria-live][@data-e2e-live-before]').count()) === 0) {
    problems.push(`${text}: not in a live region that was there before`);
  }
  return problems.join('; ') || null;
}

/** The sign-up form, filled in; returns its button. */
async function signUpForm(page: Page, who: ReturnType<typeof newAccount>) {
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill(who.name);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  return page.getByRole('button', { name: 'Sign Up', exact: true });
}

/**
 * The login form, filled in, reached by a fresh page load (the toasts' container mounts with the
 * toast) or by the navigation's Login link (the container is already there); returns its button.
 */
async function loginForm(page: Page, who: ReturnType<typeof newAccount>, freshPage: boolean) {
  if (freshPage) await page.goto('/login');
  else await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  return page.getByRole('button', { name: 'Login', exact: true });
}

const logOutButton = (page: Page) => page.getByRole('button', { name: 'LogOut' });

describe('toasts', () => {
  it.each(['reduce', 'no-preference'] as const)(
    `${TOASTS} actions in a row, ${TOASTS} toasts, each for its full time (reduced motion: %s)`,
    async (reducedMotion) => {
      const { page, context, errors } = await newPage();
      await page.emulateMedia({ reducedMotion });
      const events = await recordToasts(context);
      const outcomes: (string | null)[] = [];
      const toast = async (button: Locator, text: string) => {
        outcomes.push(await toastAfterClick(page, button, text));
      };

      let who = newAccount();
      await toast(await signUpForm(page, who), 'SignUp Successfully');
      await toast(logOutButton(page), 'LogOut Successfully');
      for (let round = 0; outcomes.length < TOASTS - 2; round++) {
        await toast(await loginForm(page, who, round % 2 === 0), 'Login Successfully');
        if (round === 0) {
          await screenshot(page, `toasts-login-${reducedMotion}.png`);
          // The toast on screen breaks no accessibility rule (with motion, it may still be flying in).
          if (reducedMotion === 'reduce') expect(await axeViolations(page)).toEqual([]);
        }
        await toast(logOutButton(page), 'LogOut Successfully');
      }
      who = newAccount();
      await toast(await signUpForm(page, who), 'SignUp Successfully');
      await toast(logOutButton(page), 'LogOut Successfully');

      // The last toast closes on its own, after its full time (so at least one lifetime is measured).
      await page.locator('.Toastify__toast').last().waitFor({ state: 'detached', timeout: 30_000 });
      const closed = events.filter((e) => e.removed !== undefined);
      const short = closed
        .filter((e) => (e.removed ?? 0) - (e.added ?? 0) < TOAST_AUTO_CLOSE_MS)
        .map((e) => `${e.text}: closed after ${Math.round((e.removed ?? 0) - (e.added ?? 0))} ms`);

      expect(outcomes).toHaveLength(TOASTS);
      expect({ problems: outcomes.filter(Boolean), short }).toEqual({ problems: [], short: [] });
      expect(closed.length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    },
    300_000,
  );
});
