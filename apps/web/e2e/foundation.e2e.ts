import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO, launchBrowser, newPage, signInAs } from './browser';

describe('the built app, served by the server', () => {
  it('shows a friendly not-found page for an unknown client route', async () => {
    const { page, context } = await newPage();
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: 'This page does not exist' }).waitFor();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await context.close();
  });

  it('keeps a signed-in learner on /viewcourse/<id> across a page refresh', async () => {
    const courses = await (await fetch(`${baseUrl()}/api/course/getpublishedcoures`)).json();
    expect(courses.length).toBeGreaterThanOrEqual(24);
    const { page, context, errors } = await newPage();
    await signInAs(page, DEMO.student);
    await page.goto(`/viewcourse/${courses[0]._id}`);
    await page.reload();
    expect(new URL(page.url()).pathname).toBe(`/viewcourse/${courses[0]._id}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers unknown API routes with JSON, not the app', async () => {
    const res = await fetch(`${baseUrl()}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });

  it('serves hashed assets with long-lived immutable caching and compression', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${baseUrl()}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toMatch(/br|gzip/);
  });

  it('draws the landing page from the HTML alone, and the app takes it over without doubling it', async () => {
    const noScript = await (await launchBrowser()).newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const still = await noScript.newPage();
    await still.goto('/');
    const hero = { name: 'Grow Your Skills to Advance Your Career path' };
    await expect(still.getByRole('heading', hero).isVisible()).resolves.toBe(true);
    await expect(still.getByRole('link', { name: 'View all Courses' }).first().getAttribute('href')).resolves.toBe(
      '/allcourses',
    );
    await noScript.close();

    const { page, context, errors } = await newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    await expect(page.getByRole('heading', hero).count()).resolves.toBe(1);
    await expect(page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("downloads a signed-in page's first answers with its HTML, once each", async () => {
    const { page, context, errors } = await newPage();
    await signInAs(page, DEMO.student);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) asked.push(new URL(r.url()).pathname);
    });
    await page.goto('/enrolledcourses');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // Each was asked for by the HTML, once: a preload the app's fetch could not reuse (wrong
    // credentials mode, wrong URL) would show up twice, and Chrome would warn (collected in errors).
    const preloaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'link')
        .map((e) => new URL(e.name).pathname),
    );
    for (const api of ['/api/user/currentuser', '/api/course/getenrolledcourses']) {
      expect(preloaded).toContain(api);
      expect(asked.filter((p) => p === api)).toEqual([api]);
    }
    // Chrome warns about an unused preload a few seconds after load.
    await page.waitForTimeout(3500);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a page it draws with its first answers inside: the app asks for none of them', async () => {
    const [course] = await (await fetch(`${baseUrl()}/api/course/getpublishedcoures`)).json();
    const { page, context, errors } = await newPage();
    await signInAs(page, DEMO.student);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) asked.push(new URL(r.url()).pathname);
    });
    await page.goto(`/viewcourse/${course._id}`);
    // Named after the course by the app: it is running.
    await page.waitForFunction((title) => document.title.startsWith(title), course.title);
    await page.waitForLoadState('networkidle');
    expect(asked).not.toContain('/api/user/currentuser');
    expect(asked).not.toContain(`/api/course/getcourse/${course._id}`);
    await page.waitForTimeout(3500);
    expect(errors).toEqual([]);
    await context.close();
  });
});
