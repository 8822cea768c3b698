import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO, newPage, signInAs } from './browser';

describe('the built app, served by the server', () => {
  it('shows a friendly not-found page for an unknown client route', async () => {
    const { page, context } = await newPage();
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'This page does not exist' }).isVisible()).resolves.toBe(true);
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
});
