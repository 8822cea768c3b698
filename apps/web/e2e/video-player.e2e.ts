import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { axeViolations, baseUrl, newPage, screenshot } from './browser';

const shot = (page: Page, name: string) => screenshot(page, `video-player-${name}.png`);

/** An 8 s 1280×720 H.264/AAC clip (test pattern and a tone), made with the ffmpeg the server uses. */
function makeClip() {
  const dir = mkdtempSync(path.join(tmpdir(), 'kaksha-clip-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'clip.mp4');
  execFileSync(
    '/usr/bin/ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=8'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=8'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
    ],
    { stdio: 'inherit' },
  );
  return readFileSync(file);
}

const VTT = `WEBVTT

00:00.000 --> 00:04.000
Welcome to the lecture

00:04.000 --> 00:08.000
Closures keep their scope
`;

type LectureAnswer = { _id: string; processing: string | null; hlsUrl: string | null; processingError?: string };

/** Asks for the creator's lecture list until the lecture's processing settles. */
async function untilSettled(request: APIRequestContext, courseId: string, lectureId: string, timeoutMs = 150_000) {
  const started = Date.now();
  for (;;) {
    const res = await request.get(`/api/course/getcourselecture/${courseId}`);
    const lecture = ((await res.json()).lectures as LectureAnswer[]).find((l) => l._id === lectureId);
    if (lecture?.processing === 'ready' || lecture?.processing === 'failed') return lecture;
    if (Date.now() - started > timeoutMs) throw new Error(`processing still ${lecture?.processing}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

describe('the lecture video player', () => {
  it('streams a processed upload through hls.js with quality, speed and captions menus; the educator sees processing and captions', async () => {
    const clip = makeClip();
    const { page, errors, context } = await newPage();
    onTestFailed(() => console.error(`at ${page.url()}; browser errors:\n${errors.join('\n')}`));
    const headers = { origin: baseUrl() };
    const educator = {
      name: 'Meera Pillai',
      email: `player-${randomBytes(4).toString('hex')}@example.com`,
      password: 'Player-e2e-2026!',
      role: 'educator',
    };
    const signup = await page.request.post('/api/auth/signup', { data: educator, headers });
    expect(signup.status(), await signup.text()).toBeLessThan(300);
    const created = await page.request.post('/api/course/create', {
      data: { title: 'Closures in Depth', category: 'Web Development' },
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);
    const courseId = (await created.json())._id as string;
    const newLecture = async (lectureTitle: string) => {
      const res = await page.request.post(`/api/course/createlecture/${courseId}`, { data: { lectureTitle }, headers });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).lecture._id as string;
    };
    const upload = async (lectureId: string, buffer: Buffer) => {
      const res = await page.request.post(`/api/course/editlecture/${lectureId}`, {
        headers,
        multipart: { videoUrl: { name: 'clip.mp4', mimeType: 'video/mp4', buffer } },
      });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).lecture as LectureAnswer;
    };
    const lectureId = await newLecture('How closures work');
    const brokenId = await newLecture('A broken upload');

    expect((await upload(lectureId, clip)).processing).toBe('queued');
    // MP4 by its first bytes (the upload check passes) but cut off before its index: no video.
    await upload(brokenId, clip.subarray(0, 8192));
    const ready = await untilSettled(page.request, courseId, lectureId);
    expect(ready.processing, ready.processingError).toBe('ready');
    expect(ready.hlsUrl).toBe(`/media/lectures/${lectureId}/hls/master.m3u8`);
    const failed = await untilSettled(page.request, courseId, brokenId);
    expect(failed).toMatchObject({ processing: 'failed', processingError: 'The file could not be read as a video.' });

    for (const [lang, label] of [
      ['en', 'English'],
      ['hi', 'Hindi'],
    ]) {
      const res = await page.request.post(`/api/course/lecturecaptions/${lectureId}`, {
        headers,
        multipart: { lang, label, captions: { name: `${lang}.vtt`, mimeType: 'text/vtt', buffer: Buffer.from(VTT) } },
      });
      expect(res.status(), await res.text()).toBe(200);
    }

    // The educator's view: ready, with the two captions; the broken one failed, with Retry processing.
    await page.goto(`/editlecture/${courseId}/${lectureId}`);
    const media = page.getByRole('region', { name: 'Video processing' });
    await media.getByText('Ready to stream').waitFor();
    const captionsList = page.getByRole('region', { name: 'Captions' }).getByRole('listitem');
    expect(await captionsList.allTextContents()).toEqual(['English(en)Remove', 'Hindi(hi)Remove']);
    await shot(page, 'editlecture-ready-1280');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/editlecture/${courseId}/${brokenId}`);
    await page.getByText('The file could not be read as a video.').waitFor();
    await shot(page, 'editlecture-failed-1280');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Retry processing' }).click();
    await page.locator('.Toastify__toast', { hasText: 'Video queued for processing' }).waitFor();

    // The player: hls.js downloads on its own, only now, and plays the renditions.
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`/viewlecture/${courseId}`);
    const video = page.getByLabel('Lecture video: How closures work');
    await video.waitFor();
    const quality = page.getByLabel('Quality');
    await quality.waitFor({ timeout: 20_000 });
    expect(requested.some((p) => /\/assets\/hls\.light-[\w-]+\.js$/.test(p))).toBe(true);
    expect(requested).toContain(`/media/lectures/${lectureId}/hls/master.m3u8`);
    expect(await quality.locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['720p', '480p', '360p', '240p']),
    );
    expect(await video.getAttribute('poster')).toBe(`/media/lectures/${lectureId}/poster.jpg`);
    expect(await video.evaluate((v: HTMLVideoElement) => v.src.startsWith('blob:'))).toBe(true);

    // 240p by the menu: its segments are what downloads, and the picture is 240 lines.
    await quality.selectOption({ label: '240p' });
    await page.getByRole('status').filter({ hasText: 'Quality: 240p' }).waitFor();
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await page.waitForFunction(
      () => (document.querySelector('video') as HTMLVideoElement).videoHeight === 240,
      undefined,
      { timeout: 20_000 },
    );
    expect(requested.some((p) => p.startsWith(`/media/lectures/${lectureId}/hls/240p/seg_`))).toBe(true);

    // Speed.
    await page.getByLabel('Speed').selectOption({ label: '1.5×' });
    expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);

    // Captions from the menu, then off and on again with C.
    const modes = () =>
      video.evaluate((v: HTMLVideoElement) => Array.from(v.textTracks).map((t) => `${t.language}:${t.mode}`));
    expect(await modes()).toEqual(['en:disabled', 'hi:disabled']);
    await page.getByLabel('Captions').selectOption({ label: 'English' });
    expect(await modes()).toEqual(['en:showing', 'hi:disabled']);
    await page.waitForFunction(() => {
      const track = (document.querySelector('video') as HTMLVideoElement).textTracks[0];
      return (track.cues?.length ?? 0) === 2;
    });
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await video.focus();
    await page.keyboard.press('c');
    expect(await modes()).toEqual(['en:disabled', 'hi:disabled']);
    await page.getByRole('status').filter({ hasText: 'Captions off' }).waitFor();
    await page.keyboard.press('c');
    expect(await modes()).toEqual(['en:showing', 'hi:disabled']);
    const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await page.keyboard.press('ArrowRight');
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(Math.min(before + 5, 8), 0);
    await page.getByRole('status').filter({ hasText: 'Forward 5 seconds' }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'viewlecture-1280');
    expect(await axeViolations(page)).toEqual([]);

    // A phone: the same menus fit under the video.
    const cookies = await context.cookies();
    const phone = await newPage({ phone: true });
    onTestFailed(() => console.error(`phone browser errors:\n${phone.errors.join('\n')}`));
    await phone.context.addCookies(cookies);
    await phone.page.goto(`/viewlecture/${courseId}`);
    await phone.page.getByLabel('Quality').waitFor({ timeout: 20_000 });
    await phone.page.getByLabel('Captions').selectOption({ label: 'Hindi' });
    await phone.page.getByLabel('Speed').selectOption({ label: '0.75×' });
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await shot(phone.page, 'viewlecture-360');
    expect(await axeViolations(phone.page)).toEqual([]);
    await phone.page.goto(`/editlecture/${courseId}/${lectureId}`);
    await phone.page.getByText('Ready to stream').waitFor();
    await shot(phone.page, 'editlecture-ready-360');
    expect(await axeViolations(phone.page)).toEqual([]);

    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await context.close();
    await phone.context.close();
  }, 300_000);
});
