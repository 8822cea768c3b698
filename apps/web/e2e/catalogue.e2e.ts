import type { CatalogPage, Course } from '@kaksha/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { axeViolations, baseUrl, DEMO, newPage as openPage, screenshot, signInAs } from './browser';

/*
 * Browsing /allcourses (issue #27): the search box (with a typo), a filter, the order, the chips,
 * the URL (reload, back), the phone's filter sheet; screenshots at 1280 and 360 px, axe-checked.
 */

async function newPage(opts: Parameters<typeof openPage>[0] = {}) {
  const opened = await openPage(opts);
  onTestFailed(async ({ task }) => {
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    await screenshot(opened.page, `catalogue-FAILED-${name}.png`).catch(() => {});
  });
  return opened;
}

async function shot(page: Page, name: string) {
  expect(await axeViolations(page), name).toEqual([]);
  await screenshot(page, `catalogue-${name}.png`);
}

/** Waits until the cards on screen are exactly `titles` (in order). */
const cardsAre = (page: Page, titles: string[]) =>
  page.waitForFunction(
    (want) => JSON.stringify([...document.querySelectorAll('main article h2')].map((h) => h.textContent)) === want,
    JSON.stringify(titles),
  );

let published: Course[] = [];
beforeAll(async () => {
  published = await (await fetch(`${baseUrl()}/api/course/getpublishedcoures`)).json();
});

/** The API's answer for a query string (every page), to compare the screen with. */
async function catalogue(query: string) {
  const titles: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await fetch(`${baseUrl()}/api/course/catalog?${query}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    const page = (await res.json()) as CatalogPage;
    titles.push(...page.courses.map((c) => c.title));
    cursor = page.nextCursor;
  } while (cursor);
  return titles;
}

describe('browsing the catalogue', () => {
  it('searches with a typo, filters, sorts, removes a chip, and keeps it all in the URL', async () => {
    const { page, context, errors } = await newPage();
    await signInAs(page, DEMO.student);
    await page.goto('/allcourses');
    await page.locator('main article').first().waitFor();

    // A misspelt word still finds the course ("javscript" → JavaScript).
    const search = page.getByRole('searchbox', { name: 'Search courses' });
    await search.fill('javscript');
    await search.press('Enter');
    await page.waitForURL(/\/allcourses\?q=javscript$/);
    const javascript = published.filter((c) => /javascript/i.test(`${c.title} ${c.subTitle}`)).map((c) => c.title);
    expect(javascript.length).toBeGreaterThan(0);
    await page
      .getByText(`${javascript.length} ${javascript.length === 1 ? 'course' : 'courses'} for “javscript”`)
      .waitFor();
    // Every one of them is found, and the screen shows the API's first page of the answer (courses other
    // browser files made may push some of them past the first 24 cards).
    const found = await catalogue('q=javscript');
    for (const title of javascript) expect(found).toContain(title);
    await cardsAre(page, found.slice(0, 24));

    // A filter and an order: the list is the API's for the same query, in its order.
    await search.fill('');
    await search.press('Enter');
    await page.waitForURL(/\/allcourses$/);
    await page
      .getByRole('group', { name: 'Level' })
      .getByRole('checkbox', { name: /Beginner/ })
      .check();
    await page.waitForURL(/level=Beginner/);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
    await page.waitForURL(/level=Beginner&sort=price-asc/);
    const beginnersByPrice = await catalogue('level=Beginner&sort=price-asc');
    await cardsAre(page, beginnersByPrice.slice(0, 24));
    const prices = published
      .filter((c) => beginnersByPrice.includes(c.title))
      .sort((a, b) => beginnersByPrice.indexOf(a.title) - beginnersByPrice.indexOf(b.title))
      .map((c) => c.price ?? Number.POSITIVE_INFINITY);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await page.getByRole('radio', { name: /4 stars & up/ }).check();
    await page.waitForURL(/level=Beginner&minRating=4&sort=price-asc/);
    await shot(page, '1280');

    // Reload: the same selection. Then a chip goes, and back brings it again.
    await page.reload();
    await page.locator('main article').first().waitFor();
    expect(await page.getByRole('checkbox', { name: /Beginner/ }).isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('price-asc');
    const chips = page.getByRole('list', { name: 'Active filters' });
    expect(await chips.getByRole('button').allTextContents()).toEqual(['Beginner', '4 stars & up']);
    await chips.getByRole('button', { name: 'Remove filter: Beginner' }).click();
    await page.waitForURL(/\/allcourses\?minRating=4&sort=price-asc$/);
    await cardsAre(page, (await catalogue('minRating=4&sort=price-asc')).slice(0, 24));
    expect(await page.getByRole('checkbox', { name: /Beginner/ }).isChecked()).toBe(false);
    await page.goBack();
    await page.waitForURL(/level=Beginner&minRating=4&sort=price-asc/);
    expect(await page.getByRole('checkbox', { name: /Beginner/ }).isChecked()).toBe(true);

    // Nothing matches: an empty state that clears everything.
    await search.fill('zzqqxx');
    await search.press('Enter');
    await page.getByText('No courses found').waitFor();
    await shot(page, '1280-empty');
    await page.getByRole('region', { name: 'All Courses' }).getByRole('button', { name: 'Clear all filters' }).click();
    await page.waitForURL(/\/allcourses\?sort=price-asc$/);
    await page.locator('main article').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters on a phone in a sheet, then shows the chips above the cards', async () => {
    const { page, context, errors } = await newPage({ phone: true });
    await signInAs(page, DEMO.student);
    await page.goto('/allcourses');
    await page.locator('main article').first().waitFor();
    await shot(page, '360');

    await page.getByRole('button', { name: 'Show Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('radio', { name: /^Free/ }).check();
    await page.waitForURL(/price=free/);
    const free = published.filter((c) => c.price === 0).length;
    await sheet.getByRole('button', { name: `Show ${free} ${free === 1 ? 'course' : 'courses'}` }).waitFor();
    await shot(page, '360-filters');
    await sheet.getByRole('button', { name: /^Show \d+ course/ }).click();
    expect(await sheet.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Show Filters (1)' }).getAttribute('aria-expanded')).toBe('false');
    await page
      .getByRole('list', { name: 'Active filters' })
      .getByRole('button', { name: 'Remove filter: Free' })
      .waitFor();
    await shot(page, '360-chips');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
