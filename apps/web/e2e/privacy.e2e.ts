import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, newPage, screenshot } from './browser';

/*
 * The learner's data rights in the browser (issue #32): the public /privacy page, the profile's
 * "Your data" section, downloading the export and deleting the account; phone and desktop
 * screenshots, axe clean.
 */

const shot = (page: Page, name: string) => screenshot(page, `privacy-${name}.png`);

const newLearner = () => ({
  name: 'Divya Privacy',
  email: `privacy-${randomBytes(4).toString('hex')}@example.com`,
  password: 'Kaksha-e2e-2026',
});

async function signUp(page: Page, who: ReturnType<typeof newLearner>) {
  const res = await page.request.post('/api/auth/signup', { data: who, headers: { origin: baseUrl() } });
  if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
}

describe('data rights in the browser', () => {
  it('shows a visitor the privacy page at 360 and 1280 px, axe clean', async () => {
    for (const phone of [true, false]) {
      const { page, context, errors } = await newPage({ phone });
      await page.goto('/privacy');
      await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor();
      await page.getByText(/Tax documents 72 months/).waitFor();
      await expect(page.title()).resolves.toContain('Privacy');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(phone ? 360 : 1280);
      await shot(page, `page-${phone ? 360 : 1280}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('comes from the server for a visitor: readable without JavaScript', async () => {
    const { page, context } = await newPage({ javaScript: false });
    const res = await page.goto('/privacy');
    expect(res?.headers()['server-timing']).toMatch(/^ssr;dur=/);
    await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor();
    await page.getByText(/Tax documents 72 months/).waitFor();
    await context.close();
  });

  it('downloads the export and deletes the account; the e-mail can sign up again', async () => {
    const who = newLearner();
    const { page, context, errors } = await newPage();
    await signUp(page, who);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.waitFor();
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'profile-1280');
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^kaksha-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path()) as string)));
    expect(JSON.parse(strFromU8(files['profile.json']))).toMatchObject({ email: who.email, name: who.name });
    expect(Object.keys(files)).toContain('tables/users.json');
    await page.getByText('Your data was downloaded.').first().waitFor();

    await section.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await shot(page, 'delete-dialog-1280');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('That password is not right').waitFor();
    await dialog.getByLabel('Your password').fill(who.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
    await page.getByText('Your account has been deleted.').first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: /Account menu for/ }).count()).toBe(0);
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);

    const login = await page.request.post('/api/auth/login', {
      data: { email: who.email, password: who.password },
      headers: { origin: baseUrl() },
    });
    expect(login.status()).toBe(401);
    const again = await page.request.post('/api/auth/signup', {
      data: { ...who, name: 'Divya Again' },
      headers: { origin: baseUrl() },
    });
    expect(again.status()).toBe(201);
    await context.close();
  });

  it('fits the data section and the delete dialog on a 360 px phone, axe clean', async () => {
    const who = newLearner();
    const { page, context } = await newPage({ phone: true });
    await signUp(page, who);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.waitFor();
    await section.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'profile-360');
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
    await screenshot(page, 'privacy-delete-dialog-360.png');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
