import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Course, User } from '@kaksha/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO, newPage, screenshotDir, signInAs } from './browser';

mkdirSync(screenshotDir, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `payments-${name}.png`) });

const origin = () => ({ origin: baseUrl() });

/** Signs up a fresh student inside the page's browser context (so it carries the session). */
async function signUpStudent(page: Page, label: string) {
  const email = `pay-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await page.request.post('/api/auth/signup', {
    data: { name: `Learner ${label}`, email, password: 'Learner@12345', role: 'student' },
    headers: origin(),
  });
  if (!res.ok()) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as User;
}

const currentUser = async (page: Page) => (await (await page.request.get('/api/user/currentuser')).json()) as User;
/** Ids of the signed-in user's enrolled courses (the user lists course summaries). */
const enrolledIds = async (page: Page) => (await currentUser(page)).enrolledCourses.map((c) => c._id);

/** The demo educator's total earning: what learners paid for each course, summed (spec §3 while prices stay). */
async function educatorEarnings(page: Page) {
  const res = await page.request.get('/api/course/getcreatorcourses');
  expect(res.ok()).toBe(true);
  const courses = (await res.json()) as Course[];
  return { courses, total: courses.reduce((sum, c) => sum + (c.earnings ?? 0), 0) };
}

const rupees = (n: number) => `₹ ${new Intl.NumberFormat('en-IN').format(n)}`;

describe('payments: enrolling through the sandbox checkout', () => {
  it('a student pays for a paid demo course, watches a paid lecture, and the educator earns the price', async () => {
    // The demo educator's paid, published courses; pick one with a paid (non-preview) lecture video.
    const edu = await newPage();
    await signInAs(edu.page, DEMO.educator);
    const before = await educatorEarnings(edu.page);
    const course = before.courses.find(
      (c) => c.isPublished && (c.price ?? 0) > 0 && c.lectures.some((l) => !l.isPreviewFree && l.videoUrl),
    );
    if (!course) throw new Error('no paid demo course with a paid lecture video');
    const price = course.price as number;
    const paidLecture = course.lectures.find((l) => !l.isPreviewFree && l.videoUrl);
    if (!paidLecture?.videoUrl) throw new Error('unreachable');

    const { page, context, errors } = await newPage();
    const student = await signUpStudent(page, 'desk');

    // Before paying, the paid lecture's video is locked.
    const locked = await page.request.get(paidLecture.videoUrl, { headers: { range: 'bytes=0-1023' } });
    expect(locked.status()).toBe(403);

    await page.goto(`/viewcourse/${course._id}`);
    const enroll = page.getByRole('button', { name: 'Enroll Now' });
    await enroll.waitFor();
    await shot(page, 'course-not-enrolled-1280');

    // A cancelled checkout changes nothing.
    await enroll.click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await dialog.waitFor();
    expect(await dialog.getByText('TEST MODE').isVisible()).toBe(true);
    expect(await dialog.getByText(course.title).isVisible()).toBe(true);
    expect(await dialog.getByTestId('checkout-amount').textContent()).toBe(rupees(price));
    expect(await dialog.getByLabel('Card number').inputValue()).toBe('4111 1111 1111 1111');
    await shot(page, 'checkout-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await enroll.isEnabled()).toBe(true);
    expect(await enrolledIds(page)).not.toContain(course._id);

    // Pay with the prefilled test card.
    await enroll.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: `Pay ${rupees(price)}` }).click();
    const watch = page.getByRole('link', { name: 'Watch Now' });
    await watch.waitFor({ timeout: 15_000 });
    await page.getByText('Payment verified. You are now enrolled in this course.').waitFor();
    expect(await dialog.isVisible()).toBe(false);
    await shot(page, 'course-enrolled-1280');
    expect(await enrolledIds(page)).toContain(course._id);

    // The enrolment survives a reload.
    await page.reload();
    await watch.waitFor();

    // Watch Now → the lecture viewer; the paid lecture's video now streams.
    await watch.click();
    await page.waitForURL(`${baseUrl()}/viewlecture/${course._id}`);
    const stream = await page.request.get(paidLecture.videoUrl, { headers: { range: 'bytes=0-1023' } });
    expect(stream.status()).toBe(206);
    await page.getByText(paidLecture.lectureTitle).first().click();
    const video = page.locator('video').first();
    await video.waitFor();
    await page.waitForFunction(
      (suffix) => {
        const v = document.querySelector('video');
        return !!v && v.currentSrc.includes(suffix);
      },
      paidLecture.videoUrl,
      { timeout: 10_000 },
    );
    const played = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 1500));
      return v.currentTime;
    });
    expect(played).toBeGreaterThan(0);

    // /enrolledcourses lists it.
    await page.goto('/enrolledcourses');
    await page.getByRole('heading', { name: 'My Enrolled Courses' }).waitFor();
    await page.getByText(course.title).first().waitFor();

    // The educator's earnings rose by exactly the price.
    const after = await educatorEarnings(edu.page);
    expect(after.total).toBe(before.total + price);
    const updated = after.courses.find((c) => c._id === course._id);
    expect(updated?.enrolledStudents).toContain(student._id);
    await edu.page.goto('/dashboard');
    const earning = edu.page.getByTestId('total-earning');
    await earning.waitFor();
    expect((await earning.textContent())?.replace(/\s+/g, ' ')).toContain(rupees(after.total));

    expect(errors).toEqual([]);
    await context.close();
    await edu.context.close();
  });

  it('at phone width the checkout fits, and a simulated failure leaves Enroll Now', async () => {
    const courses = (await (await fetch(`${baseUrl()}/api/course/getpublishedcoures`)).json()) as Course[];
    const course = courses.find((c) => (c.price ?? 0) > 0);
    if (!course) throw new Error('no paid demo course');
    const { page, context, errors } = await newPage({ phone: true });
    await signUpStudent(page, 'phone');
    await page.goto(`/viewcourse/${course._id}`);
    const enroll = page.getByRole('button', { name: 'Enroll Now' });
    await enroll.waitFor();
    await enroll.scrollIntoViewIfNeeded();
    await shot(page, 'course-not-enrolled-360');

    await enroll.click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await shot(page, 'checkout-360');

    await dialog.getByRole('button', { name: 'Simulate a failed payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const failedToast = page.getByRole('alert').filter({ hasText: 'Test payment failed' });
    await failedToast.waitFor();
    expect(await enroll.isEnabled()).toBe(true);
    expect(await enrolledIds(page)).not.toContain(course._id);
    await page.waitForTimeout(800); // let the toast finish sliding in
    await shot(page, 'failed-payment-360');
    expect(errors).toEqual([]);
    await context.close();
  });
});
