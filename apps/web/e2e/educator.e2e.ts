import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { axeViolations, baseUrl, newPage, screenshot } from './browser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const THUMBNAIL = path.join(root, 'apps/server/seed-media/thumbnails/mern-stack-bootcamp.jpg');
const VIDEO = path.join(root, 'apps/server/seed-media/videos/lecture-03.mp4');

const shot = (page: Page, name: string) => screenshot(page, `educator-${name}.png`);

const password = 'Educator-e2e-2026!';
const account = (role: 'educator' | 'student') => ({
  name: role === 'educator' ? 'Meera Iyer' : 'Kabir Learner',
  email: `${role}-${randomBytes(4).toString('hex')}@example.com`,
  password,
  role,
});

async function signUp(page: Page, who: ReturnType<typeof account>) {
  const res = await page.request.post('/api/auth/signup', { data: who, headers: { origin: baseUrl() } });
  if (!res.ok()) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { _id: string };
}

async function signIn(page: Page, who: { email: string; password: string }) {
  const res = await page.request.post('/api/auth/login', { data: who, headers: { origin: baseUrl() } });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}

/** A learner pays for the course through the sandbox checkout's API (what the widget does). */
async function enrolThroughSandbox(page: Page, userId: string, courseId: string) {
  const headers = { origin: baseUrl() };
  const order = await page.request.post('/api/payment/create-order', { data: { courseId, userId }, headers });
  expect(order.status(), await order.text()).toBeLessThan(300);
  const { id } = await order.json();
  const paid = await page.request.post('/api/payment/sandbox/pay', {
    data: { orderId: id, outcome: 'success' },
    headers,
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const { status: _s, ...response } = await paid.json();
  const verified = await page.request.post('/api/payment/verify-payment', {
    data: { ...response, courseId, userId },
    headers,
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

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

describe('an educator authors and publishes a course', () => {
  it('creates, fills, publishes, adds lectures with a video, sees the dashboard, and unpublishes', async () => {
    const educator = account('educator');
    const { page, context, errors } = await newPage();
    const watched: { name: string; page: Page; errors: string[] }[] = [{ name: 'desktop', page, errors }];
    onTestFailed(() => {
      for (const w of watched) console.error(`[${w.name}] at ${w.page.url()}; browser errors:\n${w.errors.join('\n')}`);
    });
    await signUp(page, educator);

    // Dashboard before anything exists.
    await page.goto('/dashboard');
    await page
      .getByRole('heading', { name: 'Welcome, Meera Iyer' })
      .waitFor()
      .catch(async (error) => {
        throw new Error(
          `dashboard did not render at ${page.url()}: ${await page.locator('body').textContent()} ${errors}`,
          {
            cause: error,
          },
        );
      });
    expect(await page.getByText('Start creating amazing courses for your students!').isVisible()).toBe(true);
    expect(await page.getByTestId('total-earning').textContent()).toBe('₹ 0');
    await page.getByRole('link', { name: 'Create Courses' }).click();
    await page.waitForURL('**/courses');
    await page.getByText('No courses yet').waitFor();

    // Create.
    await page.getByRole('link', { name: 'Create Course' }).click();
    await page.waitForURL('**/createcourses');
    await shot(page, 'createcourses-1280');
    const title = `Playwright Course ${randomBytes(2).toString('hex')}`;
    await page.getByLabel('Course Title').fill(title);
    await page.getByLabel('Category').selectOption('Web Development');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Course Created');
    await page.waitForURL(/\/addcourses\/[0-9a-f-]{36}$/);
    const courseId = page.url().split('/').pop() as string;

    // An empty draft cannot be published: the checklist shows what is missing, and the refusal says it.
    const checklist = page.getByRole('region', { name: 'Before you publish' });
    await checklist.getByText('6 of 8 still to do.').waitFor();
    await page.getByRole('button', { name: 'Click to Publish' }).click();
    // Said beside the control (and in a toast).
    const refusal = page.getByRole('main').getByRole('alert').filter({ hasText: 'Cannot publish yet' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(
      "Cannot publish yet: add the course's subtitle, description, thumbnail, level and price, and a lecture with a video (or a quiz) first",
    );
    expect(await page.getByText('Draft', { exact: true }).first().isVisible()).toBe(true);
    await shot(page, 'addcourses-refused-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'addcourses-refused-360');
    expect(await axeViolations(page), 'the refused publish at 360 px').toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Fill every field with a thumbnail and a list price; Save keeps it a draft.
    await page.getByLabel('Subtitle').fill('Build and ship a MERN app');
    await page.getByLabel('Description').fill('Everything from React to deployment, with projects.');
    await page.getByLabel('Category').selectOption('Web Development');
    await page.getByLabel('Level').selectOption('Intermediate');
    await page.getByLabel('Price (INR)').fill('1499');
    await page.getByLabel('List price (INR, optional)').fill('2499');
    await page.getByLabel('Course Thumbnail').setInputFiles(THUMBNAIL);
    await page.getByAltText('New thumbnail preview').waitFor();
    // Only the content is left: a lecture with a video (or a quiz).
    await checklist.getByText('1 of 8 still to do.').waitFor();
    await shot(page, 'addcourses-1280');
    expect(await axeViolations(page), 'the edit-course screen').toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Course Updated');
    await page.waitForURL('**/courses');
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    expect(await row.getByText('Draft').isVisible()).toBe(true);
    expect(await row.getByText('₹ 1,499').isVisible()).toBe(true);
    expect(await row.getByRole('img', { name: title }).getAttribute('src')).toMatch(/\/media\/public\/thumbnails\//);
    await shot(page, 'courses-1280');

    // Two lectures.
    await row.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL(`**/addcourses/${courseId}`);
    await page.getByRole('link', { name: 'Go to lectures page' }).click();
    await page.waitForURL(`**/createlecture/${courseId}`);
    for (const lectureTitle of ['Welcome and setup', 'React components']) {
      await page.getByLabel('Lecture Title').fill(lectureTitle);
      await page.getByRole('button', { name: 'Create Lecture' }).click();
      await page.getByText(lectureTitle, { exact: false }).first().waitFor();
    }
    await toast(page, 'Lecture Created');
    await page.getByText('Lecture - 2:').waitFor();
    await shot(page, 'createlecture-1280');

    // Upload a real MP4 to the first, slowly enough to see the progress bar; cancel once, then finish.
    await page.getByRole('link', { name: 'Edit lecture 1: Welcome and setup' }).click();
    await page.waitForURL(/\/editlecture\//);
    const lectureId = page.url().split('/').pop() as string;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    const videoInput = page.getByLabel('Video', { exact: true });
    expect(await videoInput.getAttribute('accept')).toBe('video/*');
    expect(await videoInput.evaluate((el) => (el as HTMLInputElement).required)).toBe(true);
    await videoInput.setInputFiles(VIDEO);
    await page.getByRole('button', { name: 'Update Lecture' }).click();
    const bar = page.getByRole('progressbar', { name: /^(Uploading|Processing) / });
    await bar.waitFor();
    await page.getByRole('button', { name: 'Cancel upload' }).click();
    await toast(page, 'Upload cancelled');
    expect(await bar.count()).toBe(0);

    await page.getByLabel('Is this video FREE').check();
    await page.getByRole('button', { name: 'Update Lecture' }).click();
    const updated = toast(page, 'Lecture Updated');
    await bar.waitFor();
    const seen = new Set<string>();
    let shotTaken = false;
    while (await bar.isVisible().catch(() => false)) {
      const value = await bar.getAttribute('aria-valuenow').catch(() => null);
      if (value) seen.add(value);
      if (seen.size >= 3 && !shotTaken) {
        shotTaken = true;
        await shot(page, 'editlecture-uploading-1280');
      }
      await page.waitForTimeout(100);
    }
    expect(seen.size).toBeGreaterThan(1);
    await updated;
    await page.waitForURL(`**/createlecture/${courseId}`);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const lectures = await (await page.request.get(`/api/course/getcourselecture/${courseId}`)).json();
    expect(lectures.lectures).toMatchObject([
      {
        _id: lectureId,
        lectureTitle: 'Welcome and setup',
        isPreviewFree: true,
        videoUrl: `/media/lectures/${lectureId}`,
      },
      { lectureTitle: 'React components', isPreviewFree: false, videoUrl: null },
    ]);
    await page.goto(`/editlecture/${courseId}/${lectureId}`);
    await page.getByText('A video is uploaded for this lecture.').waitFor();
    await shot(page, 'editlecture-1280');

    // With a lecture video the checklist is complete, and publishing takes effect at once.
    await page.goto(`/addcourses/${courseId}`);
    await page.getByText('Everything is ready.').waitFor();
    await shot(page, 'addcourses-ready-1280');
    await page.getByRole('button', { name: 'Click to Publish' }).click();
    await toast(page, 'Course published');
    await page.getByRole('button', { name: 'Click to UnPublish' }).waitFor();
    expect(await page.getByRole('region', { name: 'Before you publish' }).count()).toBe(0);
    await shot(page, 'addcourses-published-1280');

    // A learner pays; the course is in the public catalogue.
    const learnerPage = await newPage();
    watched.push({ name: 'learner', ...learnerPage });
    const learner = await signUp(learnerPage.page, account('student'));
    const catalogue = await (await learnerPage.page.request.get('/api/course/getpublishedcoures')).json();
    expect(catalogue.map((c: { _id: string }) => c._id)).toContain(courseId);
    await learnerPage.page.goto('/allcourses');
    await learnerPage.page.getByText(title).first().waitFor();
    // The course page shows the educator's own list price struck through, and no invented figures.
    const lp = learnerPage.page;
    await lp.goto(`/viewcourse/${courseId}`);
    await lp.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await lp.locator('s').textContent()).toBe('List price ₹ 2,499');
    expect(await lp.getByText(/reviews?\)/).count()).toBe(0);
    await shot(lp, 'viewcourse-list-price-1280');
    await lp.setViewportSize({ width: 360, height: 740 });
    await shot(lp, 'viewcourse-list-price-360');
    expect(await axeViolations(lp), 'the course page at 360 px').toEqual([]);
    await lp.setViewportSize({ width: 1280, height: 800 });
    await enrolThroughSandbox(learnerPage.page, learner._id, courseId);

    // The dashboard reflects lectures, enrolment and earnings.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Course Progress (Lectures)' }).waitFor();
    await page.getByRole('heading', { name: 'Student Enrollment' }).waitFor();
    expect(await page.getByTestId('total-earning').textContent()).toBe('₹ 1,499');
    const label = title.length > 10 ? `${title.slice(0, 10)}...` : title;
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await page.locator('.recharts-cartesian-axis-tick-value', { hasText: label }).count()).toBe(2);
    expect(await page.locator('.recharts-bar-rectangle path').first().getAttribute('fill')).toBe('#000000');
    const lectureTable = page.locator('table', { has: page.locator('caption', { hasText: 'Course Progress' }) });
    expect(await lectureTable.locator('tr', { hasText: title }).locator('td').nth(1).textContent()).toBe('2');
    const enrolTable = page.locator('table', { has: page.locator('caption', { hasText: 'Student Enrollment' }) });
    expect(await enrolTable.locator('tr', { hasText: title }).locator('td').nth(1).textContent()).toBe('1');
    await shot(page, 'dashboard-1280');

    // Unpublishing (asked first: a learner is enrolled) removes it from the catalogue; deleting is
    // refused while a learner is enrolled.
    await page.goto(`/addcourses/${courseId}`);
    await page.getByRole('button', { name: 'Click to UnPublish' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unpublish this course?' });
    await confirm.getByText('1 learner is enrolled. They keep their access').waitFor();
    await shot(page, 'addcourses-unpublish-1280');
    await confirm.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await toast(page, 'Course unpublished: it is a draft again');
    await page.getByRole('button', { name: 'Click to Publish' }).waitFor();
    await page.goto('/courses');
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByText('Draft')
      .waitFor();
    const after = await (await learnerPage.page.request.get('/api/course/getpublishedcoures')).json();
    expect(after.map((c: { _id: string }) => c._id)).not.toContain(courseId);
    // The newest course would head the catalogue's first page: the page is drawn without it.
    await learnerPage.page.goto('/allcourses');
    await learnerPage.page.getByText(`${after.length} courses`, { exact: true }).waitFor();
    await learnerPage.page.locator('main article').first().waitFor();
    expect(await learnerPage.page.getByText(title).count()).toBe(0);

    await page.goto(`/addcourses/${courseId}`);
    await page.getByRole('button', { name: 'Remove Course' }).click();
    await page.getByRole('dialog', { name: 'Delete this course?' }).waitFor();
    await page.getByRole('button', { name: 'Delete course' }).click();
    await toast(page, 'This course has enrolled learners; unpublish it instead');

    // Phone-width screenshots of every page.
    const phone = await newPage({ phone: true });
    watched.push({ name: 'phone', ...phone });
    await signIn(phone.page, educator);
    for (const [name, url] of [
      ['dashboard', '/dashboard'],
      ['courses', '/courses'],
      ['createcourses', '/createcourses'],
      ['addcourses', `/addcourses/${courseId}`],
      ['createlecture', `/createlecture/${courseId}`],
      ['editlecture', `/editlecture/${courseId}/${lectureId}`],
    ] as const) {
      await phone.page.goto(url);
      await phone.page.locator('main h1').first().waitFor();
      await phone.page.waitForLoadState('networkidle');
      if (name === 'dashboard') await phone.page.locator('.recharts-bar-rectangle').first().waitFor();
      await shot(phone.page, `${name}-360`);
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
    }
    // A second course, without a thumbnail, shows the placeholder in the list.
    await page.goto('/createcourses');
    await page.getByLabel('Course Title').fill('A draft without a picture');
    await page.getByLabel('Category').selectOption('Others');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/addcourses\//);
    await page.goto('/courses');
    await page.getByRole('img', { name: 'A draft without a picture: no thumbnail yet' }).first().waitFor();
    await shot(page, 'courses-two-1280');
    await phone.page.goto('/courses');
    await phone.page.getByRole('img', { name: 'A draft without a picture: no thumbnail yet' }).first().waitFor();
    await shot(phone.page, 'courses-two-360');

    // The refused publish (400) and delete (409) are expected; nothing else may fail.
    expect(errors.filter((e) => !/status of (400|409)/.test(e))).toEqual([]);
    await phone.context.close();
    await learnerPage.context.close();
    await context.close();
  }, 180_000);

  it('sends students and visitors away from the educator pages', async () => {
    const { page, context } = await newPage();
    await page.goto('/dashboard');
    // (With the page to come back to in ?next=.)
    await page.waitForURL((url) => url.pathname === '/signup');
    await signUp(page, account('student'));
    await page.goto('/courses');
    // /signup itself sends a signed-in user on to /.
    await page.waitForURL((url) => url.pathname !== '/courses');
    expect(await page.getByRole('link', { name: 'Create Course' }).count()).toBe(0);
    await context.close();
  });
});
