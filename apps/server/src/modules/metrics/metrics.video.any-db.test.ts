import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser } from '../../test/app.ts';
import { waitFor } from '../../test/redis-server.ts';
import { queueVideoProcessing } from '../media/media.service.ts';
import { parseScrape, total } from './test-helpers.ts';

const hasFfmpeg = (() => {
  try {
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const TOKEN = 'metrics-video-token-0123456789';

/** The video workers time each conversion attempt into kaksha_video_processing_seconds. */
describe.skipIf(!hasFfmpeg)('video processing time in the metrics', async () => {
  if (!hasFfmpeg) return it('needs ffmpeg', () => {});
  const app = await buildTestApp({ METRICS_TOKEN: TOKEN, VIDEO_PROCESSING: 'true' });

  it('records an attempt ffprobe refuses as rejected, through the real queue and worker', async () => {
    const educator = await createUser(app, { role: 'educator' });
    const videoKey = `lectures/metrics-test/${Date.now()}.mp4`;
    const course = await createCourse(app, educator.id, { lectures: [{ lectureTitle: 'Not a video', videoKey }] });
    await app.storage.put(videoKey, Buffer.from('these bytes are no video at all'));
    await queueVideoProcessing(
      app.db,
      { jobs: app.jobs, video: app.config.video },
      { id: course.lectures[0].id, videoKey },
    );
    const scrape = async () =>
      parseScrape(
        (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body,
      );
    await waitFor(
      async () => total(await scrape(), 'kaksha_video_processing_seconds_count', { outcome: 'rejected' }) === 1,
      120_000,
      'the rejected conversion in the metrics',
    );
    const samples = await scrape();
    expect(total(samples, 'kaksha_video_processing_seconds_count', { outcome: 'ready' })).toBe(0);
    expect(total(samples, 'kaksha_video_processing_seconds_sum', { outcome: 'rejected' })).toBeGreaterThan(0);
    // A refused file is not retried: the job completed (its failure is the lecture's, not the queue's).
    expect(total(samples, 'kaksha_job_failures_total', { queue: 'video-processing' })).toBe(0);
  }, 150_000);
});
