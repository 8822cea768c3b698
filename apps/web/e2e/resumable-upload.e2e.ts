import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { baseUrl, DEMO, newPage, screenshot, signInAs } from './browser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE = path.join(root, 'apps/server/seed-media/videos/lecture-03.mp4');
/** The web app's chunk size (features/lectures/api/resumable-upload.ts): the video needs two. */
const CHUNK = 16 * 1024 * 1024;

/** A real MP4 padded to `size` (the server checks the content by its first bytes). */
async function bigVideo(size: number) {
  const dir = await mkdtemp(path.join(tmpdir(), 'kaksha-e2e-tus-'));
  const file = path.join(dir, 'long-lecture.mp4');
  const source = readFileSync(SOURCE);
  const data = Buffer.concat([source, Buffer.alloc(size - source.length)]);
  await writeFile(file, data);
  return { file, data };
}

/** A course of the demo educator with one lecture, made through the API. */
async function lectureOf(page: Page) {
  const headers = { origin: baseUrl() };
  const course = await page.request.post('/api/course/create', {
    data: { title: `Resumable ${Date.now()}`, category: 'Web Development' },
    headers,
  });
  expect(course.status(), await course.text()).toBe(201);
  const courseId = (await course.json())._id as string;
  const lecture = await page.request.post(`/api/course/createlecture/${courseId}`, {
    data: { lectureTitle: 'A long lecture' },
    headers,
  });
  expect(lecture.status(), await lecture.text()).toBe(201);
  return { courseId, lectureId: (await lecture.json()).lecture._id as string };
}

/** Slows uploads so progress can be watched (bytes per second). */
async function throttle(context: BrowserContext, page: Page, uploadThroughput: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 5,
    downloadThroughput: -1,
    uploadThroughput,
  });
}

/** Every tus PATCH the page sends (its offset), and how many uploads it created. */
function recordUploads(page: Page) {
  const offsets: number[] = [];
  let created = 0;
  page.on('request', (request) => {
    if (!request.url().includes('/api/uploads')) return;
    if (request.method() === 'PATCH') offsets.push(Number(request.headers()['upload-offset']));
    if (request.method() === 'POST') created++;
  });
  return { offsets, creations: () => created };
}

const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

describe('resumable lecture-video upload (tus)', () => {
  it('goes on after a dropped connection, from where the server has it, and the lecture gets its video', async () => {
    const { context, page, errors } = await newPage();
    contexts.push(context);
    await signInAs(page, DEMO.educator);
    const { courseId, lectureId } = await lectureOf(page);
    const video = await bigVideo(CHUNK + 4 * 1024 * 1024);
    const { offsets: patches } = recordUploads(page);
    // The connection drops once, on the second chunk.
    let dropped = false;
    await page.route('**/api/uploads/**', async (route) => {
      const request = route.request();
      if (!dropped && request.method() === 'PATCH' && Number(request.headers()['upload-offset']) > 0) {
        dropped = true;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await throttle(context, page, 8 * 1024 * 1024);

    await page.goto(`/editlecture/${courseId}/${lectureId}`);
    await page.getByLabel('Video', { exact: true }).setInputFiles(video.file);
    await page.getByRole('button', { name: 'Update Lecture' }).click();
    const bar = page.getByRole('progressbar', { name: /^(Uploading|Processing) / });
    await bar.waitFor();
    await page.waitForFunction(() => {
      const value = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
      return Number(value) >= 20;
    });
    await screenshot(page, 'resumable-upload-progress-1280.png');

    await page.locator('.Toastify__toast', { hasText: 'Lecture Updated' }).first().waitFor({ timeout: 60_000 });
    await page.waitForURL(`**/createlecture/${courseId}`);
    expect(dropped).toBe(true);
    // First chunk, the dropped second, then the second again from the same offset (not from zero).
    expect(patches).toEqual([0, CHUNK, CHUNK]);

    const course = await (await page.request.get(`/api/course/getcourselecture/${courseId}`)).json();
    expect(course.lectures[0]).toMatchObject({ _id: lectureId, videoUrl: `/media/lectures/${lectureId}` });
    const stored = await page.request.get(`/media/lectures/${lectureId}`);
    expect(stored.status()).toBe(200);
    expect(Buffer.from(await stored.body()).equals(video.data)).toBe(true);
    expect(errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_RESET/.test(e))).toEqual([]);
  }, 120_000);

  it('survives a reload: the same file goes on from the server’s offset (phone)', async () => {
    const { context, page, errors } = await newPage({ phone: true });
    contexts.push(context);
    onTestFailed(() => console.log('console errors', errors));
    await signInAs(page, DEMO.educator);
    const { courseId, lectureId } = await lectureOf(page);
    // Three chunks: the reload comes while the second is under way, long before the last byte.
    const video = await bigVideo(2 * CHUNK + 4 * 1024 * 1024);
    const { offsets: patches, creations } = recordUploads(page);
    await throttle(context, page, 8 * 1024 * 1024);
    await page.goto(`/editlecture/${courseId}/${lectureId}`);
    await page.getByLabel('Video', { exact: true }).setInputFiles(video.file);
    await page.getByRole('button', { name: 'Update Lecture' }).click();
    await page.getByRole('progressbar').waitFor();
    await page.waitForFunction(() => {
      const value = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
      return Number(value) >= 55;
    });
    await screenshot(page, 'resumable-upload-progress-360.png');
    expect(patches).toEqual([0, CHUNK]);
    expect(creations()).toBe(1);

    await page.reload();
    await page.getByTestId('interrupted-upload').waitFor();
    expect(await page.getByTestId('interrupted-upload').textContent()).toContain('long-lecture.mp4');
    await screenshot(page, 'resumable-upload-interrupted-360.png');
    await page.getByLabel('Video', { exact: true }).setInputFiles(video.file);
    await page.getByRole('button', { name: 'Update Lecture' }).click();
    await page.locator('.Toastify__toast', { hasText: 'Lecture Updated' }).first().waitFor({ timeout: 60_000 });
    // After the reload the same upload went on (no new one) and only the rest was sent.
    expect(creations()).toBe(1);
    expect(patches[2]).toBeGreaterThanOrEqual(CHUNK);
    expect(patches.slice(2).every((offset) => offset >= CHUNK)).toBe(true);

    const stored = await page.request.get(`/media/lectures/${lectureId}`);
    expect(Buffer.from(await stored.body()).equals(video.data)).toBe(true);
    await page.goto(`/editlecture/${courseId}/${lectureId}`);
    await page.getByText('A video is uploaded for this lecture.').waitFor();
    expect(await page.getByTestId('interrupted-upload').count()).toBe(0);
  }, 120_000);

  it('a success the server reports without the lecture having its video is said plainly, and Upload again sends it', async () => {
    const { context, page, errors } = await newPage();
    contexts.push(context);
    await signInAs(page, DEMO.educator);
    const { courseId, lectureId } = await lectureOf(page);
    const video = await bigVideo(2 * 1024 * 1024);
    // The server: the last chunk is lost (the process died), then HEAD says "complete".
    let lost = false;
    await page.route('**/api/uploads/**', async (route) => {
      const request = route.request();
      if (!lost && request.method() === 'PATCH') {
        lost = true;
        return route.abort('connectionreset');
      }
      if (lost && request.method() === 'HEAD') {
        const length = String(video.data.length);
        return route.fulfill({
          status: 200,
          headers: {
            'tus-resumable': '1.0.0',
            'upload-offset': length,
            'upload-length': length,
            'cache-control': 'no-store',
          },
        });
      }
      return route.continue();
    });

    await page.goto(`/editlecture/${courseId}/${lectureId}`);
    await page.getByLabel('Video', { exact: true }).setInputFiles(video.file);
    await page.getByRole('button', { name: 'Update Lecture' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'the video was not saved to this lecture' });
    await alert.waitFor();
    await screenshot(page, 'resumable-upload-not-saved-1280.png');
    expect(page.url()).toContain(`/editlecture/${courseId}/${lectureId}`);
    expect(await page.locator('.Toastify__toast', { hasText: 'Lecture Updated' }).count()).toBe(0);

    // The server is itself again; Upload again sends the file, and this time it is saved.
    await page.unroute('**/api/uploads/**');
    await alert.getByRole('button', { name: 'Upload again' }).click();
    await page.locator('.Toastify__toast', { hasText: 'Lecture Updated' }).first().waitFor({ timeout: 60_000 });
    await page.waitForURL(`**/createlecture/${courseId}`);
    const stored = await page.request.get(`/media/lectures/${lectureId}`);
    expect(stored.status()).toBe(200);
    expect(Buffer.from(await stored.body()).equals(video.data)).toBe(true);
    expect(errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_RESET/.test(e))).toEqual([]);
  }, 120_000);
});
