import { execFile, spawn } from 'node:child_process';

/**
 * Thin wrappers over the ffmpeg and ffprobe programs (Debian's `ffmpeg` package). Errors carry
 * ffmpeg's last lines for the log only; what a creator sees is chosen by video-processing.ts.
 */

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

/** Whether `bin -version` runs; remembered per path so the check costs one spawn per process. */
const runnable = new Map<string, Promise<boolean>>();
export function canRun(bin: string): Promise<boolean> {
  let known = runnable.get(bin);
  if (!known) {
    known = new Promise<boolean>((resolve) => {
      execFile(bin, ['-version'], { timeout: 15_000 }, (error) => resolve(!error));
    });
    runnable.set(bin, known);
  }
  return known;
}

/**
 * Runs a program to its end: resolves with its stdout, rejects with an FfmpegError (keeping the
 * end of stderr) on a non-zero exit, a timeout, or `signal` aborting (the child is killed).
 */
export function run(
  bin: string,
  args: string[],
  opts: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new FfmpegError('aborted', 'aborted before start'));
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      err = (err + c.toString('utf8')).slice(-4000);
    });
    let why: string | null = null;
    const kill = (reason: string) => {
      why ??= reason;
      child.kill('SIGKILL');
    };
    const timer = opts.timeoutMs ? setTimeout(() => kill('timed out'), opts.timeoutMs) : null;
    const onAbort = () => kill('aborted');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (error) => {
      done();
      reject(new FfmpegError(`${bin} could not start`, error.message));
    });
    child.once('close', (code, signal) => {
      done();
      if (code === 0 && !why) return resolve(Buffer.concat(out).toString('utf8'));
      reject(new FfmpegError(why ?? `exited with ${code ?? signal}`, err.trim()));
    });
  });
}

export interface ProbedVideo {
  /** Seconds. */
  duration: number;
  /** As displayed (rotation applied). */
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
  /** Frames per second, when the container says. */
  fps: number | null;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

const rate = (value?: string) => {
  const [n, d] = (value ?? '').split('/').map(Number);
  const fps = d ? n / d : n;
  return Number.isFinite(fps) && fps > 0 && fps < 1000 ? fps : null;
};

/** Reads a file's duration, display size and codecs; null when it has no video stream. */
export function parseProbe(json: string): ProbedVideo | null {
  const data = JSON.parse(json) as { format?: { duration?: string }; streams?: ProbeStream[] };
  const streams = data.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height);
  if (!video?.width || !video.height) return null;
  const audio = streams.find((s) => s.codec_type === 'audio');
  const rotation = Number(
    video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
  );
  const sideways = Math.abs(rotation) % 180 === 90;
  const duration = Number(data.format?.duration ?? video.duration);
  return {
    duration: Number.isFinite(duration) && duration > 0 ? duration : 0,
    width: sideways ? video.height : video.width,
    height: sideways ? video.width : video.height,
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio?.codec_name ?? null,
    fps: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
  };
}

export async function probe(ffprobe: string, file: string, signal?: AbortSignal) {
  const json = await run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
    signal,
    timeoutMs: 60_000,
  });
  return parseProbe(json);
}
