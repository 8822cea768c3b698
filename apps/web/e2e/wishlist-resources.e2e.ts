import type { Course, LectureResource } from '@kaksha/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { axeViolations, baseUrl, newPage as openPage, screenshot, signInAs } from './browser';

const ROHAN = { email: 'rohan@kaksha.dev', password: 'Educator@123' };
const RAHUL = { email: 'rahul@kaksha.dev', password: 'Student@123' };
/** Rohan's course, in which the demo learner Rahul is enrolled. */
const COURSE_TITLE = 'Machine Learning with Python';

/** A new page that leaves a screenshot behind when its test fails, to see what went wrong. */
async function newPage(opts: Parameters<typeof openPage>[0] = {}) {
  const opened = await openPage(opts);
  onTestFailed(async ({ task }) => {
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    await screenshot(opened.page, `wishlist-resources-FAILED-${name}.png`).catch(() => {});
  });
  return opened;
}
/** A full-page screenshot to look at, after checking the page for accessibility faults. */
async function shot(page: Page, name: string) {
  expect(await axeViolations(page), name).toEqual([]);
  await screenshot(page, `${name}.png`);
}
const toast = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: 10_000 });
/** A visitor's session check answers 401 by design; anything else in the console is a fault. */
const faults = (errors: string[]) => errors.filter((e) => !e.includes('status of 401'));

let course: Course;

beforeAll(async () => {
  const published: Course[] = await (await fetch(`${baseUrl()}/api/course/getpublishedcoures`)).json();
  const found = published.find((c) => c.title === COURSE_TITLE);
  if (!found) throw new Error(`demo course "${COURSE_TITLE}" not found`);
  course = found;
});

describe('wishlist', () => {
  it('saves a course from its page with the heart, shows it on the cards and on My Wishlist, and takes it out again', async () => {
    const { page, context, errors } = await newPage();
    const email = `wisher-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const signup = await page.request.post('/api/auth/signup', {
      data: { name: 'Wish Ful', email, password: 'Learner@12345', role: 'student' },
      headers: { origin: baseUrl() },
    });
    expect(signup.ok()).toBe(true);

    await page.goto(`/viewcourse/${course._id}`);
    // The course's own heart comes first; the educator's other courses below carry theirs.
    const heart = page.getByRole('button', { name: 'Add to wishlist' }).first();
    await heart.waitFor();
    await page.waitForFunction(
      () => !document.querySelector('button[aria-label="Add to wishlist"]')?.hasAttribute('disabled'),
    );
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await toast(page, 'Added to your wishlist');
    const saved = page.getByRole('button', { name: 'Remove from wishlist' });
    expect(await saved.getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'wishlist-course-page-1280');

    // The same heart, pressed, on the course's card in the catalogue (found by its title: other test
    // files publish courses, which can push it off the first page).
    await page.goto(`/allcourses?q=${encodeURIComponent(COURSE_TITLE)}`);
    const card = page.locator('article', { has: page.getByRole('link', { name: COURSE_TITLE, exact: true }) });
    const cardHeart = card.getByRole('button', { name: 'Remove from wishlist' });
    await cardHeart.waitFor();
    expect(await cardHeart.getAttribute('aria-pressed')).toBe('true');

    // My Wishlist, from the profile menu.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('link', { name: 'My Wishlist' }).click();
    await page.waitForURL('**/wishlist');
    await page.getByRole('heading', { level: 1, name: 'My Wishlist' }).waitFor();
    await page.getByRole('heading', { name: COURSE_TITLE }).waitFor();
    await shot(page, 'wishlist-page-1280');

    // On a phone: the course page's heart, and the link in the menu.
    const phone = await newPage({ phone: true });
    await phone.context.addCookies(await context.cookies());
    await phone.page.goto(`/viewcourse/${course._id}`);
    await phone.page.getByRole('button', { name: 'Remove from wishlist' }).waitFor();
    await shot(phone.page, 'wishlist-course-page-360');
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    await phone.page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My Wishlist' }).waitFor();
    await phone.context.close();

    // Taken out from the list itself: the empty state.
    await page.getByRole('button', { name: 'Remove from wishlist' }).click();
    await toast(page, 'Removed from your wishlist');
    await page.getByText('Your wishlist is empty.').waitFor();
    expect(faults(errors)).toEqual([]);
    await context.close();
  });
});

describe('lecture resources', () => {
  const attached: { lectureId: string; resource: LectureResource }[] = [];
  let educator: Awaited<ReturnType<typeof openPage>>;

  beforeAll(async () => {
    educator = await openPage();
    await signInAs(educator.page, ROHAN);
    const files = [
      { title: 'Lecture notes', name: 'lecture-notes.pdf', mimeType: 'application/pdf', buffer: pdf() },
      { title: 'Slides', name: 'slides.pptx', mimeType: 'application/octet-stream', buffer: zip() },
      { title: 'Starter code', name: 'starter.py', mimeType: 'text/x-python', buffer: Buffer.from('print("नमस्ते")\n') },
    ];
    // Every lecture, so whichever one the player opens first has them.
    for (const lecture of course.lectures) {
      for (const file of files) {
        const res = await educator.page.request.post(`/api/course/lectureresources/${lecture._id}`, {
          multipart: { title: file.title, file: { name: file.name, mimeType: file.mimeType, buffer: file.buffer } },
          headers: { origin: baseUrl() },
        });
        expect(res.status(), await res.text()).toBe(201);
        const answer = (await res.json()) as { resources: LectureResource[] };
        attached.push({ lectureId: lecture._id, resource: answer.resources.at(-1) as LectureResource });
      }
    }
  });

  // Leave the demo course as the other test files expect it.
  afterAll(async () => {
    for (const { lectureId, resource } of attached) {
      await educator.page.request.delete(`/api/course/lectureresources/${lectureId}/${resource._id}`, {
        headers: { origin: baseUrl() },
      });
    }
    await educator.context.close();
  });

  it('lists the files under the player for an enrolled learner, and downloads one under its name', async () => {
    const { page, context, errors } = await newPage();
    await signInAs(page, RAHUL);
    await page.goto(`/viewlecture/${course._id}`);
    const resources = page.getByRole('region', { name: 'Resources (3)' });
    await resources.waitFor();
    expect(await resources.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('lecture-notes.pdf'),
      expect.stringContaining('slides.pptx'),
      expect.stringContaining('starter.py'),
    ]);
    await shot(page, 'lecture-resources-1280');

    const download = page.waitForEvent('download');
    await resources.getByRole('link', { name: /^Download Lecture notes/ }).click();
    expect((await download).suggestedFilename()).toBe('lecture-notes.pdf');

    const phone = await newPage({ phone: true });
    await phone.context.addCookies(await context.cookies());
    await phone.page.goto(`/viewlecture/${course._id}`);
    await phone.page.getByRole('region', { name: 'Resources (3)' }).waitFor();
    await shot(phone.page, 'lecture-resources-360');
    await phone.context.close();
    expect(faults(errors)).toEqual([]);
    await context.close();
  });

  it('refuses the download to a learner who is not enrolled', async () => {
    const { page, context } = await newPage();
    const email = `outsider-${Date.now()}@example.com`;
    await page.request.post('/api/auth/signup', {
      data: { name: 'Out Sider', email, password: 'Learner@12345', role: 'student' },
      headers: { origin: baseUrl() },
    });
    const paidLecture = course.lectures.find((l) => !l.isPreviewFree);
    const file = attached.find((a) => a.lectureId === paidLecture?._id);
    if (!file) throw new Error('no resource on a paid lecture');
    const res = await page.request.get(file.resource.url);
    expect(res.status()).toBe(403);
    await context.close();
  });

  it('shows the Resources card on the edit-lecture page', async () => {
    const lecture = course.lectures[0];
    await educator.page.goto(`/editlecture/${course._id}/${lecture._id}`);
    const card = educator.page.getByRole('region', { name: 'Resources' });
    await card.waitFor();
    await card.getByText('lecture-notes.pdf').waitFor();
    await shot(educator.page, 'lecture-resources-editor-1280');
  });
});

/** A small PDF's first bytes (the server checks the signature). */
function pdf() {
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1500, 0x20), Buffer.from('\n%%EOF\n')]);
}
/** A ZIP local header, as a .pptx starts. */
function zip() {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), Buffer.alloc(3000, 1)]);
}
