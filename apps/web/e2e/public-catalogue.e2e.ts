import { randomBytes } from 'node:crypto';
import type { Wishlist } from '@kaksha/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer } from '../../../scripts/serve.mjs';
import { axeViolations, launchBrowser, screenshot } from './browser';
import { mailTo } from './mail';

/*
 * PUBLIC_CATALOGUE=true (issue #27): a visitor's whole way to a purchase in one test — the search
 * box, a filter and an order on the server-rendered catalogue, the course page with its JSON-LD, the
 * wishlist heart that signs up and comes back to the course, the checkout and the purchase e-mail. Its own server (the run's shared one keeps the spec's guards), built by the
 * e2e setup; screenshots at 1280 and 360 px, axe-checked, no console errors (a hydration mismatch
 * is one).
 */

let server: Awaited<ReturnType<typeof startServer>>;
let courseId = '';
let courseTitle = '';

beforeAll(async () => {
  server = await startServer({
    quiet: true,
    // Its demo content is seeded at start: allow for a busy machine.
    readySeconds: 180,
    // The run's SMTP server takes this server's mail too: the journey ends with the purchase e-mail.
    env: { PUBLIC_CATALOGUE: 'true', SERVER_RENDERED_PAGES_AT_ONCE: '100', SMTP_URL: inject('smtpUrl') },
  });
  const catalog = await (await fetch(`${server.baseUrl}/api/course/catalog`)).json();
  courseId = catalog.courses[0]._id;
  courseTitle = catalog.courses[0].title;
}, 240_000);
afterAll(() => server?.stop());

const contexts: BrowserContext[] = [];
afterAll(() => Promise.all(contexts.map((c) => c.close())));

/** A visitor's page on this file's server; `goto` returns once the app has started on the page. */
async function visitorPage(width: number, javaScript = true) {
  const touch = width < 640;
  const context = await (await launchBrowser()).newContext({
    baseURL: server.baseUrl,
    viewport: { width, height: touch ? 740 : 800 },
    deviceScaleFactor: 1,
    isMobile: touch,
    hasTouch: touch,
    javaScriptEnabled: javaScript,
  });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || (msg.type() === 'warning' && /preload/i.test(msg.text()))) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  const goto = async (url: string) => {
    const res = await page.goto(url);
    if (javaScript) await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
    return res;
  };
  return { page, errors, goto };
}

async function shot(page: Page, name: string) {
  expect(await axeViolations(page), name).toEqual([]);
  await screenshot(page, `public-catalogue-${name}.png`);
}

describe('a public catalogue', () => {
  it('takes a visitor from the search box, a filter and an order to a course, and from its heart through sign-up back to it, to buy it and get the purchase e-mail', async () => {
    const { page, errors, goto } = await visitorPage(1280);
    // A paid course with a level, found the way a visitor would: a word of its title in the search
    // box, its level ticked, cheapest first.
    const { courses } = (await (await fetch(`${server.baseUrl}/api/course/catalog?price=paid&limit=100`)).json()) as {
      courses: { _id: string; title: string; level?: string; price: number }[];
    };
    const target = courses.find((c) => c.level && c.price > 0);
    const level = target?.level;
    if (!target || !level) throw new Error('no paid demo course with a level');
    const [word = target.title] = (target.title.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).sort(
      (a, b) => b.length - a.length,
    );

    const catalogue = await goto('/allcourses');
    // Served rendered for the visitor, not the shell's spinner.
    expect(catalogue?.headers()['server-timing']).toMatch(/^ssr;dur=/);
    const search = page.getByRole('searchbox', { name: 'Search courses' });
    await search.fill(word);
    await search.press('Enter');
    await page.waitForURL(`**/allcourses?q=${encodeURIComponent(word)}`);
    await page
      .getByRole('group', { name: 'Level' })
      .getByRole('checkbox', { name: new RegExp(level) })
      .check();
    await page.waitForURL(/level=/);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
    await page.waitForURL(/sort=price-asc/);
    // The cards are the API's answer to the same question, in its order.
    const query = new URL(page.url()).search;
    const answer = (await (await fetch(`${server.baseUrl}/api/course/catalog${query}&limit=24`)).json()) as {
      courses: { title: string }[];
    };
    expect(answer.courses.map((c) => c.title)).toContain(target.title);
    await page.waitForFunction(
      (want) => JSON.stringify([...document.querySelectorAll('main article h2')].map((h) => h.textContent)) === want,
      JSON.stringify(answer.courses.map((c) => c.title)),
    );
    await shot(page, 'journey-catalogue-1280');
    await page.getByRole('link', { name: target.title }).first().click();
    await page.waitForURL(`**/viewcourse/${target._id}`);
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor();

    // A full load of the course page: rendered on the server, with what search engines read.
    const course = await goto(`/viewcourse/${target._id}`);
    expect(course?.headers()['server-timing']).toMatch(/^ssr;dur=/);
    expect(await page.title()).toBe(`${target.title} · Kaksha`);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null',
    ) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({ '@type': 'Course', name: target.title, offers: { priceCurrency: 'INR' } });
    await shot(page, 'course-1280');

    // The heart asks a visitor to sign up first, and the sign-up comes back to the course.
    const back = `/signup?next=${encodeURIComponent(`/viewcourse/${target._id}`)}`;
    const visitorHeart = page.getByRole('link', { name: 'Add to wishlist: sign up or log in first' }).first();
    expect(await visitorHeart.getAttribute('href')).toBe(back);
    expect(await page.getByRole('link', { name: 'Enroll Now' }).getAttribute('href')).toBe(back);
    await visitorHeart.click();
    await page.waitForURL(`**${back}`);
    const email = `visitor-${randomBytes(4).toString('hex')}@example.com`;
    await page.getByLabel('Name', { exact: true }).fill('Visiting Learner');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Visitor-pass-1');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL(`**/viewcourse/${target._id}`);

    // Signed in: the heart saves the course to the wishlist.
    const heart = page.getByRole('button', { name: 'Add to wishlist' }).first();
    await page.waitForFunction(
      () => !document.querySelector('button[aria-label="Add to wishlist"]')?.hasAttribute('disabled'),
    );
    await heart.click();
    await page.getByText('Added to your wishlist', { exact: true }).first().waitFor();
    const wished = (await (await page.request.get('/api/wishlist')).json()) as Wishlist;
    expect(wished.courses.map((c) => c._id)).toEqual([target._id]);

    // The real Enroll Now starts the checkout; paying enrols and sends the purchase e-mail.
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.getByRole('link', { name: 'Watch Now' }).waitFor({ timeout: 15_000 });
    const mail = await mailTo(email, (m) => m.subject.includes(target.title));
    expect(mail.subject).toBe(`You are enrolled in ${target.title}`);
    expect(mail.text).toContain(`${server.baseUrl}/viewcourse/${target._id}`);
    await shot(page, 'journey-enrolled-1280');
    expect(errors).toEqual([]);
  });

  it('shows a phone the course page with the sign-up ways in', async () => {
    const { page, errors, goto } = await visitorPage(360);
    await goto(`/viewcourse/${courseId}`);
    await page.getByRole('heading', { level: 1, name: courseTitle }).waitFor();
    await page.getByRole('link', { name: 'Enroll Now' }).waitFor();
    await shot(page, 'course-360');
    await goto('/allcourses');
    await page.locator('main article').first().waitFor();
    await shot(page, 'catalogue-360');
    expect(errors).toEqual([]);
  });

  it('serves the course in the HTML itself, before any script runs', async () => {
    const { page, goto } = await visitorPage(1280, false);
    await goto(`/viewcourse/${courseId}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(courseTitle);
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(
      `${server.baseUrl}/viewcourse/${courseId}`,
    );
  });
});
