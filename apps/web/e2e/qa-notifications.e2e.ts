import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { axeViolations, baseUrl, newPage, screenshot } from './browser';
import { mailTo } from './mail';

/**
 * Issue #30 in the browser, against the real server: a learner asks at 0:42 of a lecture, the
 * marker appears on the player's timeline; the educator answers from the inbox; the learner's bell
 * counts 1 without a reload; the learner follows it and accepts the answer; the answer's e-mail
 * arrives with an unsubscribe link that works without a session. Screenshots at 1280 and 360 px,
 * each axe-clean without sideways scrolling.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const THUMBNAIL = path.join(root, 'apps/server/seed-media/thumbnails/mern-stack-bootcamp.jpg');
const origin = () => ({ origin: baseUrl() });

/** A 60 s clip (a test pattern, small), made with the ffmpeg the server uses: long enough to ask at 0:42. */
function makeClip() {
  const dir = mkdtempSync(path.join(tmpdir(), 'kaksha-qa-clip-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'clip.mp4');
  execFileSync(
    '/usr/bin/ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10:duration=60'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-an', file],
    ],
    { stdio: 'inherit' },
  );
  return readFileSync(file);
}

const account = (role: 'educator' | 'student', name: string) => ({
  name,
  email: `qa-${role}-${randomBytes(4).toString('hex')}@example.com`,
  password: 'Questions-e2e-2026!',
  role,
});

async function post<T>(page: Page, url: string, data: object = {}): Promise<T> {
  const res = await page.request.post(url, { data, headers: origin() });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Axe-clean, no sideways scrolling, then a full-page screenshot (without the toasts, which would cover it). */
async function shot(page: Page, name: string) {
  for (const close of await page.locator('.Toastify__close-button').all()) await close.click().catch(() => {});
  expect(await axeViolations(page), name).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(1);
  // From the top: a full-page capture draws the sticky header where the page was scrolled to.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await screenshot(page, `qa-${name}.png`);
}

/** The same state at 1280 and 360 px, then back. */
async function shots(page: Page, name: string) {
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, `${name}-360`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('Q&A pinned to the moment, with notifications', () => {
  it('a learner asks at 0:42, the educator answers from the inbox, the bell rings without a reload, the answer is accepted and e-mailed', {
    timeout: 300_000,
  }, async () => {
    const clip = makeClip();
    const educator = account('educator', 'Ananya Q');
    const learner = account('student', 'Priya Q');
    const teacher = await newPage();
    const student = await newPage();
    onTestFailed(async () => {
      for (const [name, w] of [
        ['educator', teacher],
        ['learner', student],
      ] as const) {
        console.error(`[${name}] at ${w.page.url()}; browser errors:\n${w.errors.join('\n')}`);
        await screenshot(w.page, `qa-FAILED-${name}.png`).catch(() => {});
      }
    });

    // The educator's free course with one 60 s lecture, published; the learner enrols.
    const t = teacher.page;
    expect((await t.request.post('/api/auth/signup', { data: educator, headers: origin() })).ok()).toBe(true);
    const title = `Flexbox in Depth ${randomBytes(2).toString('hex')}`;
    const { _id: courseId } = await post<{ _id: string }>(t, '/api/course/create', {
      title,
      category: 'Web Development',
    });
    await post(t, `/api/course/editcourse/${courseId}`, {
      subTitle: 'Centre anything',
      description: 'Flexbox from the first line to real layouts.',
      level: 'Beginner',
      price: 0,
    });
    const { lecture } = await post<{ lecture: { _id: string } }>(t, `/api/course/createlecture/${courseId}`, {
      lectureTitle: 'Centering with flexbox',
    });
    const uploaded = await t.request.post(`/api/course/editlecture/${lecture._id}`, {
      headers: origin(),
      multipart: { videoUrl: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: clip } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const published = await t.request.post(`/api/course/editcourse/${courseId}`, {
      headers: origin(),
      multipart: {
        isPublished: 'true',
        thumbnail: { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: readFileSync(THUMBNAIL) },
      },
    });
    expect(published.status(), await published.text()).toBe(200);
    const s = student.page;
    expect((await s.request.post('/api/auth/signup', { data: learner, headers: origin() })).ok()).toBe(true);
    expect((await post<{ enrolled?: boolean }>(s, '/api/payment/create-order', { courseId })).enrolled).toBe(true);

    // The learner stops the video at 0:42 and asks about that moment.
    await s.goto(`/viewlecture/${courseId}`);
    const video = s.locator('video');
    await s.waitForFunction(() => (document.querySelector('video')?.duration ?? 0) > 50);
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 42.3;
    });
    await s.waitForFunction(() => Math.floor(document.querySelector('video')?.currentTime ?? 0) === 42);
    const rail = s.getByRole('list', { name: /asked at (a moment|moments) of this lecture/ });
    await rail.waitFor();
    await s.getByRole('button', { name: 'Ask about this moment' }).first().click();
    expect(new URL(s.url()).searchParams.get('ask')).toBe('42');
    await expect.poll(() => s.getByRole('radio', { name: 'This moment of the lecture (0:42)' }).isChecked()).toBe(true);
    await s.getByRole('textbox', { name: 'Your question in one line' }).fill('Why does align-items not center my box?');
    await s
      .getByRole('textbox', { name: 'Details' })
      .fill('My CSS:\n```\n.parent { display: flex; align-items: center; }\n```\n<b>It stays at the top.</b>');
    await s.getByRole('button', { name: 'Post question' }).click();
    const heading = s.getByRole('heading', { name: 'Why does align-items not center my box?' });
    await heading.waitFor();
    // Text stays text: the <b> is shown as typed, the code as a block.
    expect(await s.getByText('<b>It stays at the top.</b>').isVisible()).toBe(true);
    expect(await s.locator('pre > code').first().textContent()).toBe('.parent { display: flex; align-items: center; }');
    // The marker on the player's timeline, at 42 of 60 s.
    const marker = rail.getByRole('button', { name: 'Question at 0:42: Why does align-items not center my box?' });
    await marker.waitFor();
    const left = await marker.evaluate((b) => (b.parentElement as HTMLElement).style.left);
    expect(Number.parseFloat(left)).toBeCloseTo((42 / 60) * 100, 0);
    await shots(s, 'viewer-question');

    // The educator finds it waiting on the dashboard and answers from the inbox.
    await t.goto('/dashboard');
    const questions = t.getByRole('main').getByRole('link', { name: /^Questions/ });
    await questions.getByText('1 waiting').waitFor();
    await questions.click();
    await t.waitForURL('**/educator/questions');
    await t.getByText('1 question is waiting for your answer.').waitFor();
    await shots(t, 'inbox');
    await t.getByRole('button', { name: 'Why does align-items not center my box?' }).click();
    await t.getByRole('link', { name: 'Centering with flexbox at 0:42' }).waitFor();
    await t
      .getByRole('textbox', { name: 'Your answer' })
      .fill('Give the parent a height:\n```\n.parent { min-height: 100vh; }\n```\nalign-items centers within it.');
    // Marks the learner's page: a reload would lose the mark.
    await s.evaluate(() => document.documentElement.setAttribute('data-before-answer', ''));
    await t.getByRole('button', { name: 'Post answer' }).click();
    await t.getByText('align-items centers within it.').waitFor();
    await t.getByText('No question is waiting for your answer.').waitFor();
    await shots(t, 'inbox-answered');

    // The learner's bell counts 1 without a reload: pushed over the event stream (the count is polled,
    // every 30 s, only while no stream is open). Waited for, not timed: the machine may be busy.
    const bell = s.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 20_000 });
    expect(await s.evaluate(() => document.documentElement.hasAttribute('data-before-answer'))).toBe(true);
    expect(await s.getByTestId('unread-count').textContent()).toBe('1');
    await bell.click();
    const panel = s.getByRole('region', { name: 'Notifications' });
    const item = panel.getByRole('link', { name: /Unread:/ });
    await item.waitFor();
    await shots(s, 'bell-open');

    // Following it opens the answer in the viewer (read now); the learner accepts it.
    await item.click();
    await s.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(new URL(s.url()).searchParams.get('question')).toBeTruthy();
    const answer = s.getByRole('article').filter({ hasText: 'align-items centers within it.' });
    await answer.getByText('Educator').waitFor();
    await answer.getByRole('button', { name: 'Accept answer' }).click();
    await answer.getByText('Accepted answer').waitFor();
    await shots(s, 'viewer-accepted');

    // The answer's e-mail, with a working one-click unsubscribe link (no session needed).
    // (The enrolment's welcome mail came first.)
    const mail = await mailTo(learner.email, (m) => m.text.includes('/api/notifications/unsubscribe'));
    expect(mail?.text).toContain('align-items');
    const link = mail?.text.match(/https?:\/\/\S+\/api\/notifications\/unsubscribe\?token=[^\s>]+/)?.[0];
    expect(link, mail?.text).toBeTruthy();
    // A mail client's browser, no session: the server's own page with its button (a form, no script).
    const visitor = await newPage({ javaScript: false });
    await visitor.page.goto(new URL(new URL(link as string).pathname + new URL(link as string).search, baseUrl()).href);
    await visitor.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.page.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
    // The learner's settings say so.
    await s.goto('/profile');
    const answers = s.getByRole('combobox', { name: 'Answers to my questions' });
    await expect.poll(() => answers.inputValue()).toBe('off');
    await s.locator('#notifications').scrollIntoViewIfNeeded();
    await shots(s, 'profile-settings');

    // The course page tells how soon the educator answers.
    await s.goto(`/viewcourse/${courseId}`);
    await s.getByText('The educator usually answers questions within 1 minute.').waitFor();
  });
});
