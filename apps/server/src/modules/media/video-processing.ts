import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../core/config.ts';
import type { DbOrTx } from '../../core/db/client.ts';
import { lectures } from '../../core/db/schema/index.ts';
import type { JobInfo, Jobs } from '../../core/jobs.ts';
import type { Storage } from '../../core/storage.ts';
import { canRun, FfmpegError, type ProbedVideo, probe, run } from './ffmpeg.ts';
import { processedPrefix, SHARED_VIDEO_PREFIX } from './videos.ts';

/**
 * Lecture video processing: an uploaded original → ffprobe (duration, size, codecs), a poster
 * frame, and HLS renditions (240p-720p, never above the source, H.264/AAC, 4 s segments) with a
 * master playlist, stored beside the original under the lecture's private prefix. Runs as a
 * durable job (core/jobs.ts): queued in the transaction that stores the video, retried after a
 * failure or a crash, one or two at a time per instance (VIDEO_JOBS_CONCURRENCY).
 */

export const VIDEO_QUEUE = 'video-processing';
type VideoConfig = Config['video'];

/** What queueing a conversion needs: the app's job queue and its video settings. */
export interface VideoPipeline {
  jobs: Jobs;
  video: VideoConfig;
}

export interface VideoJob {
  lectureId: string;
  /** The original this job converts; a job for a replaced video does nothing. */
  videoKey: string;
}

/** Attempts after the first; a crash (job expired) counts as one. */
export const VIDEO_RETRY_LIMIT = 2;
const SEGMENT_SECONDS = 4;
const MAX_FPS = 30;

/** The rendition ladder: short side in pixels, video and audio bit rates (bits/s). */
export const LADDER = [
  { name: '240p', short: 240, video: 400_000, audio: 64_000 },
  { name: '360p', short: 360, video: 800_000, audio: 96_000 },
  { name: '480p', short: 480, video: 1_400_000, audio: 128_000 },
  { name: '720p', short: 720, video: 2_800_000, audio: 128_000 },
] as const;

/** H.264 Main profile, level 3.1 (enough for 720p at 30 fps), and AAC-LC, as HLS CODECS names them. */
const H264_CODEC = 'avc1.4d401f';
const AAC_CODEC = 'mp4a.40.2';

export interface Rendition {
  name: string;
  width: number;
  height: number;
  video: number;
  audio: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The renditions for a source: every rung up to its short side, and at least the lowest (never upscaled). */
export function renditionsFor(width: number, height: number): Rendition[] {
  const short = Math.min(width, height);
  const landscape = width >= height;
  const size = (s: number) => {
    const long = even((Math.max(width, height) * s) / short);
    return landscape ? { width: long, height: s } : { width: s, height: long };
  };
  const rungs = LADDER.filter((r) => r.short <= short);
  if (rungs.length === 0) {
    const low = LADDER[0];
    return [{ name: low.name, ...size(even(Math.floor(short / 2) * 2 || 2)), video: low.video, audio: low.audio }];
  }
  return rungs.map((r) => ({ name: r.name, ...size(r.short), video: r.video, audio: r.audio }));
}

/** Removes a video's renditions and poster (never those of a shared demo video). */
export async function removeProcessedVideo(storage: Storage, videoKey: string | null | undefined) {
  if (!videoKey || videoKey.startsWith(SHARED_VIDEO_PREFIX)) return;
  await storage.removePrefix(processedPrefix(videoKey));
}

/** Whether this instance converts videos: enabled, and both programs run (checked once per path). */
export async function videoProcessingAvailable(video: VideoConfig) {
  if (!video.processing) return false;
  const [ffmpeg, ffprobe] = await Promise.all([canRun(video.ffmpegPath), canRun(video.ffprobePath)]);
  return ffmpeg && ffprobe;
}

/** A long video may take a while on a small machine; a job running past this is taken for crashed and retried. */
const expiryFor = (bytes: number | null) =>
  Math.min(6 * 3600, 15 * 60 + Math.ceil((bytes ?? 0) / (10 * 1024 * 1024)) * 60);

/**
 * Called in the transaction that points a lecture at a new original: marks it queued and enqueues
 * the job in that transaction (no job without the commit, no commit without the job); without
 * ffmpeg the lecture keeps `processing` null and its original plays. Clears the old renditions'
 * columns — the caller removes their files after the commit (`removeProcessedVideo`).
 */
export async function queueVideoProcessing(
  tx: DbOrTx,
  { jobs, video }: VideoPipeline,
  lecture: { id: string; videoKey: string; videoSize?: number | null },
) {
  const available = await videoProcessingAvailable(video);
  const [row] = await tx
    .update(lectures)
    .set({
      processing: available ? 'queued' : null,
      processingError: null,
      hlsKey: null,
      posterKey: null,
      videoWidth: null,
      videoHeight: null,
      updatedAt: new Date(),
    })
    .where(eq(lectures.id, lecture.id))
    .returning();
  if (available) {
    await jobs.send<VideoJob>(
      VIDEO_QUEUE,
      { lectureId: lecture.id, videoKey: lecture.videoKey },
      {
        tx,
        retryLimit: VIDEO_RETRY_LIMIT,
        retryDelaySeconds: video.retryDelaySeconds,
        expireInSeconds: expiryFor(lecture.videoSize ?? null),
        // A finished or dropped job must not linger for the default 14 days.
        retentionSeconds: 7 * 24 * 3600,
      },
    );
  }
  return row;
}

/** Creator-facing reasons; never a path or ffmpeg's own words. */
const NOT_A_VIDEO = 'The file could not be read as a video.';
const CONVERSION_FAILED = 'The video could not be converted.';
const INTERRUPTED = 'Processing was interrupted; please retry.';

/** A failure that another attempt would repeat (not a video at all). */
class Rejected extends Error {}

export interface VideoWorkerContext {
  db: DbOrTx;
  storage: Storage;
  log: FastifyBaseLogger;
  video: VideoConfig;
  /** Told how long each attempt took (the metrics' video processing time): ready, failed (retried) or rejected (not a video). */
  observe?: (outcome: 'ready' | 'failed' | 'rejected', seconds: number) => void;
}

const threadsFor = (concurrency: number) => Math.max(1, Math.min(8, Math.floor(availableParallelism() / concurrency)));

/** The job: one lecture's original → renditions, poster, duration and size; see the module comment. */
export async function processVideo(ctx: VideoWorkerContext, data: VideoJob, job: JobInfo) {
  const lecture = await claimVideo(ctx, data);
  if (!lecture) return;
  const started = Date.now();
  const dir = await mkdtemp(path.join(tmpdir(), 'kaksha-video-'));
  try {
    // ffmpeg is killed before pg-boss takes the job for crashed, so two attempts never run at once.
    const deadline = started + (expiryFor(lecture.videoSize) - 60) * 1000;
    const converted = await transcodeVideo(ctx, data, job, dir, deadline);
    await publishVideo(ctx, data, job, converted);
    const { probed, renditions } = converted;
    ctx.log.info(
      {
        lectureId: data.lectureId,
        seconds: (Date.now() - started) / 1000,
        duration: probed.duration,
        source: `${probed.width}x${probed.height} ${probed.videoCodec}/${probed.audioCodec ?? '-'}`,
        renditions: renditions.map((r) => r.name),
      },
      'lecture video processed',
    );
    ctx.observe?.('ready', (Date.now() - started) / 1000);
  } catch (error) {
    ctx.observe?.(error instanceof Rejected ? 'rejected' : 'failed', (Date.now() - started) / 1000);
    await recordFailure(ctx, data, job, error);
    // Not a video: another attempt would fail the same way.
    if (!(error instanceof Rejected)) throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const lectureOf = (data: VideoJob) => eq(lectures.id, data.lectureId);
/** The lecture, while it still has the video this job converts. */
const sameVideo = (data: VideoJob) => and(lectureOf(data), eq(lectures.videoKey, data.videoKey));

/**
 * Takes the job's lecture for processing, or answers null when there is nothing to do: the video
 * was replaced or deleted while queued (whatever an earlier attempt stored is dropped), or an
 * earlier attempt finished it.
 */
async function claimVideo({ db, storage }: VideoWorkerContext, data: VideoJob) {
  const [lecture] = await db.select().from(lectures).where(lectureOf(data)).limit(1);
  if (!lecture || lecture.videoKey !== data.videoKey) {
    await removeProcessedVideo(storage, data.videoKey);
    return null;
  }
  if (lecture.processing === 'ready') return null;
  await db.update(lectures).set({ processing: 'processing' }).where(sameVideo(data));
  return lecture;
}

/** What a conversion wrote into `out`: the poster, `hls/` with its master playlist, and the source's facts. */
interface Converted {
  out: string;
  probed: ProbedVideo;
  renditions: Rendition[];
}

/**
 * The original copied into `dir` and probed (a file ffprobe refuses is `Rejected`: no retry), then
 * the poster and the HLS renditions with their master playlist written under `dir/out`; ffmpeg is
 * stopped by `deadline` (a time) or when the queue stops.
 */
async function transcodeVideo(
  ctx: VideoWorkerContext,
  data: VideoJob,
  job: JobInfo,
  dir: string,
  deadline: number,
): Promise<Converted> {
  const { signal } = job;
  const source = path.join(dir, 'source');
  await pipeline(ctx.storage.read(data.videoKey), createWriteStream(source), { signal });
  const probed = await probe(ctx.video.ffprobePath, source, signal).catch((error) => {
    // ffprobe ran and refused the file (not one that failed to start, timed out or was stopped).
    if (error instanceof FfmpegError && error.message.startsWith('exited')) throw new Rejected(error.detail);
    throw error;
  });
  if (!probed) throw new Rejected('no video stream');
  const renditions = renditionsFor(probed.width, probed.height);
  const out = path.join(dir, 'out');
  const hls = path.join(out, 'hls');
  await mkdir(out);
  const threads = threadsFor(ctx.video.concurrency);
  const ffmpeg = ctx.video.ffmpegPath;
  await run(ffmpeg, posterArgs(source, path.join(out, 'poster.jpg'), probed, threads), { signal, timeoutMs: 120_000 });
  const timeoutMs = Math.max(60_000, deadline - Date.now());
  await run(ffmpeg, hlsArgs(source, hls, probed, renditions, threads), { signal, timeoutMs });
  await writeFile(path.join(hls, 'master.m3u8'), await masterPlaylist(hls, probed, renditions));
  return { out, probed, renditions };
}

/**
 * The converted files stored beside the original, then the lecture marked ready with them — if it
 * still has this video (replaced meanwhile: the files go again).
 */
async function publishVideo({ db, storage }: VideoWorkerContext, data: VideoJob, job: JobInfo, converted: Converted) {
  const { out, probed } = converted;
  const outPrefix = processedPrefix(data.videoKey);
  for (const file of await filesUnder(out)) {
    job.signal.throwIfAborted();
    await storage.put(`${outPrefix}${file}`, createReadStream(path.join(out, file)));
  }
  const stored = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(lectures).where(lectureOf(data)).limit(1).for('update');
    if (!locked || locked.videoKey !== data.videoKey) return false;
    await tx
      .update(lectures)
      .set({
        processing: 'ready',
        processingError: null,
        durationSeconds: Math.round(probed.duration * 100) / 100,
        hlsKey: `${outPrefix}hls`,
        posterKey: `${outPrefix}poster.jpg`,
        videoWidth: probed.width,
        videoHeight: probed.height,
      })
      .where(lectureOf(data));
    return true;
  });
  if (!stored) await removeProcessedVideo(storage, data.videoKey);
}

/**
 * A failed attempt: the lecture goes back to `queued` for the next one, or — not a video, or the
 * last attempt — to `failed` with a creator-facing reason, its partial files removed. Logged with
 * ffmpeg's last words; an attempt the shutdown interrupted is only noted.
 */
async function recordFailure({ db, storage, log }: VideoWorkerContext, data: VideoJob, job: JobInfo, error: unknown) {
  const aborted = job.signal.aborted;
  const rejected = error instanceof Rejected;
  const last = rejected || job.retryCount >= job.retryLimit;
  const message = rejected ? NOT_A_VIDEO : aborted ? INTERRUPTED : CONVERSION_FAILED;
  await db
    .update(lectures)
    .set(last ? { processing: 'failed', processingError: message } : { processing: 'queued' })
    .where(sameVideo(data))
    .catch((err) => log.warn({ err }, 'could not record the video processing failure'));
  if (last) await removeProcessedVideo(storage, data.videoKey).catch(() => undefined);
  const detail = error instanceof FfmpegError ? error.detail.split('\n').slice(-3).join(' | ') : undefined;
  const where = { lectureId: data.lectureId, attempt: job.retryCount + 1, last };
  if (aborted) log.info(where, 'lecture video processing interrupted by shutdown; it will be retried');
  else {
    log.warn(
      { err: error, detail, ...where },
      rejected ? 'lecture video is not a readable video' : 'lecture video processing failed',
    );
  }
}

/** One JPEG frame a little into the video (past a black first frame), no larger than 720p. */
function posterArgs(source: string, file: string, probed: ProbedVideo, threads: number) {
  const at = probed.duration > 4 ? 1 : probed.duration > 1 ? probed.duration / 4 : 0;
  const top = renditionsFor(probed.width, probed.height).at(-1) as Rendition;
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-threads', String(threads)],
    ...['-ss', at.toFixed(2), '-i', source, '-frames:v', '1'],
    ...['-vf', `scale=${top.width}:${top.height}`, '-q:v', '3', file],
  ];
}

/** One ffmpeg run: decode once, scale to each rendition, encode, and cut aligned 4 s segments. */
function hlsArgs(source: string, out: string, probed: ProbedVideo, renditions: Rendition[], threads: number) {
  const n = renditions.length;
  const fps = probed.fps && probed.fps > MAX_FPS + 0.5 ? `fps=${MAX_FPS},` : '';
  const filter = `[0:v]${fps}split=${n}${renditions.map((_, i) => `[s${i}]`).join('')};${renditions
    .map((r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1,format=yuv420p[v${i}]`)
    .join(';')}`;
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-threads', String(threads)];
  args.push('-i', source, '-filter_complex', filter, '-filter_complex_threads', String(threads));
  const audio = probed.audioCodec !== null;
  renditions.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    args.push(`-b:v:${i}`, String(r.video), `-maxrate:v:${i}`, String(Math.round(r.video * 1.1)));
    args.push(`-bufsize:v:${i}`, String(r.video * 2));
    if (audio) args.push('-map', '0:a:0', `-b:a:${i}`, String(r.audio));
  });
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-level:v', '3.1');
  args.push('-threads', String(threads));
  args.push('-sc_threshold', '0', '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`);
  if (audio) args.push('-c:a', 'aac', '-ac', '2', '-ar', '48000');
  args.push('-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod');
  args.push('-hls_flags', 'independent_segments', '-hls_segment_type', 'mpegts');
  args.push('-hls_segment_filename', path.join(out, '%v', 'seg_%03d.ts'));
  const map = renditions.map((r, i) => `v:${i}${audio ? `,a:${i}` : ''},name:${r.name}`).join(' ');
  args.push('-var_stream_map', map, path.join(out, '%v', 'index.m3u8'));
  return args;
}

/**
 * The master playlist: one entry per rendition with its measured peak and average bit rate
 * (from the segments written), resolution, codecs and frame rate.
 */
async function masterPlaylist(dir: string, probed: ProbedVideo, renditions: Rendition[]) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const codecs = probed.audioCodec !== null ? `${H264_CODEC},${AAC_CODEC}` : H264_CODEC;
  const fps = Math.min(MAX_FPS, probed.fps ?? MAX_FPS);
  for (const r of renditions) {
    const playlist = await readFile(path.join(dir, r.name, 'index.m3u8'), 'utf8');
    let peak = 0;
    let bits = 0;
    let seconds = 0;
    let duration = 0;
    for (const line of playlist.split('\n')) {
      const inf = /^#EXTINF:([\d.]+)/.exec(line);
      if (inf) duration = Number(inf[1]);
      else if (line && !line.startsWith('#')) {
        const size = (await stat(path.join(dir, r.name, line))).size * 8;
        if (duration > 0.5) peak = Math.max(peak, size / duration);
        bits += size;
        seconds += duration;
      }
    }
    const average = seconds > 0 ? bits / seconds : r.video + r.audio;
    const bandwidth = Math.ceil(Math.max(peak, average));
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},AVERAGE-BANDWIDTH=${Math.ceil(average)},` +
        `RESOLUTION=${r.width}x${r.height},CODECS="${codecs}",FRAME-RATE=${fps.toFixed(3)}`,
      `${r.name}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Every file under a folder, as relative paths with `/`. */
async function filesUnder(root: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(root, rel), { withFileTypes: true })) {
    const name = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(root, name)));
    else out.push(name);
  }
  return out.sort();
}

/**
 * Starts this instance's video workers, or logs once that processing is off (no ffmpeg): then
 * uploads keep `processing` null and the original plays.
 */
export async function startVideoWorkers(ctx: VideoWorkerContext & { jobs: Jobs }) {
  if (!ctx.video.processing) return false;
  if (!(await videoProcessingAvailable(ctx.video))) {
    ctx.log.warn(
      { ffmpeg: ctx.video.ffmpegPath, ffprobe: ctx.video.ffprobePath },
      'ffmpeg/ffprobe not found: lecture video processing is off (originals are served as uploaded)',
    );
    return false;
  }
  await ctx.jobs.work<VideoJob>(VIDEO_QUEUE, (data, job) => processVideo(ctx, data, job), {
    concurrency: ctx.video.concurrency,
  });
  // A last attempt cut short by a crash leaves no job behind; its lecture would say "processing"
  // for ever. With no job left at all, every such lecture is one of those: let its creator retry.
  if ((await ctx.jobs.pending(VIDEO_QUEUE)) === 0) {
    const orphans = await ctx.db
      .update(lectures)
      .set({ processing: 'failed', processingError: INTERRUPTED })
      // Not one queued a moment ago by another instance (its job and row commit together, but after our count).
      .where(
        and(
          inArray(lectures.processing, ['queued', 'processing']),
          lt(lectures.updatedAt, new Date(Date.now() - 600_000)),
        ),
      )
      .returning({ id: lectures.id });
    if (orphans.length > 0) ctx.log.warn({ lectures: orphans.length }, 'interrupted video processing marked failed');
  }
  return true;
}

/**
 * This instance's video workers, started from app.ts (none, logged once, without ffmpeg). When the
 * app closes, the job queue stops them and kills running conversions; their jobs are retried by
 * whichever instance runs next.
 */
export const videoWorkersPlugin = fp(
  async (app) => {
    const { db, storage, log, jobs } = app;
    const took = app.metrics.histogram({
      name: 'kaksha_video_processing_seconds',
      help: 'Lecture video conversions (HLS renditions and poster) by outcome: ready, failed (retried), rejected (not a video)',
      labelNames: ['outcome'] as const,
      buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1200, 3600],
    });
    const observe = (outcome: 'ready' | 'failed' | 'rejected', seconds: number) => took.observe({ outcome }, seconds);
    await startVideoWorkers({ db, storage, log, jobs, video: app.config.video, observe });
  },
  { name: 'video-workers', dependencies: ['db', 'storage', 'jobs', 'metrics'] },
);
