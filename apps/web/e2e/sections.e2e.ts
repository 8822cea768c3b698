import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { axeViolations, baseUrl, newPage, screenshot } from './browser';

const shot = (page: Page, name: string) => screenshot(page, `sections-${name}.png`);

/** Waits for a toast; on failure says which toasts were shown instead. */
const toast = (page: Page, text: string) =>
  page
    .locator('.Toastify__toast', { hasText: text })
    .first()
    .waitFor()
    .catch(async (error) => {
      const shown = await page.locator('.Toastify__toast').allTextContents();
      throw new Error(`no toast '${text}' at ${page.url()}; shown: ${JSON.stringify(shown)}`, { cause: error });
    });

/** Waits for the status line to say `text`; on failure says what it said. */
const announced = (page: Page, text: string) =>
  page
    .locator('[role=status][aria-live]', { hasText: text })
    .waitFor({ timeout: 10_000 })
    .catch(async (error) => {
      const said = await page.locator('[role=status][aria-live]').allTextContents();
      throw new Error(`status line did not say '${text}'; it said ${JSON.stringify(said)}`, { cause: error });
    });

/** The lecture titles of a section as listed, read from the edit links' names. */
const titlesIn = async (page: Page, section: string) => {
  const labels = await page
    .getByRole('region', { name: new RegExp(`^${section} \\(`) })
    .getByRole('link', { name: /^Edit lecture / })
    .evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? ''));
  return labels.map((l) => l.replace(/^Edit lecture \d+: /, ''));
};

describe('an educator arranges a course in sections', () => {
  it('creates two sections, adds lectures to them, moves one across with the keyboard, and the order stays', async () => {
    const { page, errors } = await newPage();
    onTestFailed(() => console.error(`at ${page.url()}; browser errors:\n${errors.join('\n')}`));
    const headers = { origin: baseUrl() };
    const educator = {
      name: 'Sana Qureshi',
      email: `sections-${randomBytes(4).toString('hex')}@example.com`,
      password: 'Sections-e2e-2026!',
      role: 'educator',
    };
    const signup = await page.request.post('/api/auth/signup', { data: educator, headers });
    expect(signup.status(), await signup.text()).toBeLessThan(300);
    const created = await page.request.post('/api/course/create', {
      data: { title: 'Sectioned Course', category: 'Web Development' },
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);
    const courseId = (await created.json())._id as string;

    await page.goto(`/createlecture/${courseId}`);
    await page.getByText('No lectures yet').waitFor();

    // Two sections, through the form.
    for (const title of ['Getting started', 'Going further']) {
      await page.getByLabel('Section Title').fill(title);
      await page.getByRole('button', { name: 'Add Section' }).click();
      await page.getByRole('region', { name: `${title} (0 lectures)` }).waitFor();
    }
    await toast(page, 'Section Created');

    // Lectures, each into the section chosen in the form (the last one by default).
    const lectures: [string, string][] = [
      ['Welcome', 'Getting started'],
      ['Installing tools', 'Getting started'],
      ['Deploying', 'Going further'],
    ];
    for (const [title, section] of lectures) {
      await page.getByLabel('Lecture Title').fill(title);
      await page.getByLabel('Section', { exact: true }).selectOption({ label: section });
      await page.getByRole('button', { name: 'Create Lecture' }).click();
      await page.getByRole('link', { name: new RegExp(`^Edit lecture \\d+: ${title}$`) }).waitFor();
    }
    await toast(page, 'Lecture Created');
    expect(await titlesIn(page, 'Getting started')).toEqual(['Welcome', 'Installing tools']);
    expect(await titlesIn(page, 'Going further')).toEqual(['Deploying']);

    // Keyboard only: the last lecture of the first section moves down into the second.
    const reordered = page.waitForResponse((r) => r.url().includes(`/api/course/reorderlectures/${courseId}`));
    await page.getByRole('button', { name: 'Move down: Installing tools' }).focus();
    await page.keyboard.press('Enter');
    const answer = await reordered;
    expect(answer.status()).toBe(200);
    expect(
      JSON.parse(answer.request().postData() ?? '{}').sections.map(
        (s: { lectureIds: string[] }) => s.lectureIds.length,
      ),
    ).toEqual([0, 1, 2]);
    await announced(page, 'Lecture Installing tools moved to section Going further, position 1.');
    expect(await titlesIn(page, 'Going further')).toEqual(['Installing tools', 'Deploying']);
    // The focus stayed on the moved lecture's button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Move down: Installing tools',
    );
    await shot(page, 'moved-1280');

    // Kept after a reload, numbered in the new order.
    await page.reload();
    await page.getByRole('region', { name: /^Going further \(/ }).waitFor();
    expect(await titlesIn(page, 'Getting started')).toEqual(['Welcome']);
    expect(await titlesIn(page, 'Going further')).toEqual(['Installing tools', 'Deploying']);
    expect(await page.getByRole('link', { name: 'Edit lecture 2: Installing tools' }).count()).toBe(1);
    await shot(page, 'reloaded-1280');
    expect(await axeViolations(page)).toEqual([]);

    // Drag and drop: the last lecture onto the top half of the first one.
    const dropped = page.waitForResponse((r) => r.url().includes(`/api/course/reorderlectures/${courseId}`));
    await page.locator('li', { hasText: 'Deploying' }).scrollIntoViewIfNeeded();
    const from = await page.locator('li', { hasText: 'Deploying' }).boundingBox();
    const to = await page.locator('li', { hasText: 'Welcome' }).boundingBox();
    if (!from || !to) throw new Error('lectures not drawn');
    await page.mouse.move(from.x + 60, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + 60, to.y + 8, { steps: 8 });
    await page.mouse.move(to.x + 62, to.y + 6, { steps: 2 });
    // The bar above the first lecture shows where it will land.
    await shot(page, 'dragging-1280');
    await page.mouse.up();
    expect((await dropped).status()).toBe(200);
    await announced(page, 'Lecture Deploying moved to section Getting started, position 1.');
    expect(await titlesIn(page, 'Getting started')).toEqual(['Deploying', 'Welcome']);
    expect(await titlesIn(page, 'Going further')).toEqual(['Installing tools']);
    await page.reload();
    await page.getByRole('region', { name: /^Going further \(/ }).waitFor();
    expect(await titlesIn(page, 'Getting started')).toEqual(['Deploying', 'Welcome']);
    expect(await titlesIn(page, 'Going further')).toEqual(['Installing tools']);

    // Section controls: the confirm dialog says where the lectures go.
    await page.getByRole('button', { name: 'Remove section: Going further' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this section?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'Its 1 lecture will move to the end of the previous section, Getting started',
    );
    await shot(page, 'remove-dialog-1280');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Phone width.
    const phone = await newPage({ phone: true });
    await phone.context.addCookies(await page.context().cookies());
    await phone.page.goto(`/createlecture/${courseId}`);
    await phone.page.getByRole('region', { name: /^Going further \(/ }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await shot(phone.page, 'reloaded-360');
    expect(await axeViolations(phone.page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
