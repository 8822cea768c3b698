// Caption files (WebVTT or SRT) → validated WebVTT text (pure functions, so the captions API and
// its tests share one converter), and where a lecture's captions are stored.
import { randomUUID } from 'node:crypto';
import type { Storage } from '../../core/storage.ts';
import { lectureVideoPrefix } from './videos.ts';

const MAX_CUES = 20_000;
const TIMING = /^(\d{1,2}:)?\d{2}:\d{2}[.,]\d{3}\s+-->\s+(\d{1,2}:)?\d{2}:\d{2}[.,]\d{3}/;

export class CaptionsError extends Error {}

/** Decodes bytes as UTF-8 text; refuses binary content (NUL or invalid UTF-8). */
export function decodeCaptionText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CaptionsError('The captions file is not UTF-8 text.');
  }
  if (text.includes('\u0000')) throw new CaptionsError('The captions file is not text.');
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** SRT timestamps use a comma; WebVTT uses a dot. Cue numbers are valid VTT identifiers. */
export function srtToVtt(srt: string): string {
  const lines = srt
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const out = lines.map((line) =>
    TIMING.test(line.trim()) ? line.trim().replace(/(\d{2}:\d{2}),(\d{3})/g, '$1.$2') : line,
  );
  return `WEBVTT\n\n${out.join('\n').trim()}\n`;
}

/**
 * Returns WebVTT text for a .vtt or .srt upload, or throws CaptionsError when
 * the content has no cue timings (garbage, an image, a renamed binary).
 */
export function toWebVtt(bytes: Uint8Array, filename: string): string {
  const text = decodeCaptionText(bytes);
  const isVtt = /^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text);
  if (!isVtt && !/\.srt$/i.test(filename) && !/\.vtt$/i.test(filename)) {
    throw new CaptionsError('Captions must be a .vtt or .srt file.');
  }
  const vtt = isVtt ? text : srtToVtt(text);
  const cues = vtt.split('\n').filter((l) => TIMING.test(l.trim())).length;
  if (cues === 0) throw new CaptionsError('The captions file has no cues.');
  if (cues > MAX_CUES) throw new CaptionsError('The captions file has too many cues.');
  return vtt.endsWith('\n') ? vtt : `${vtt}\n`;
}

/** A BCP-47 language tag in its canonical case (`hi-in` → `hi-IN`), or null when it is not one. */
export function canonicalLanguageTag(tag: string): string | null {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag) || tag.length > 35) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** Stores a lecture's WebVTT captions under a new private key (served only after an access check). */
export async function storeCaptions(
  storage: Storage,
  where: { courseId: string; lectureId: string; lang: string },
  vtt: string,
) {
  const key = `${lectureVideoPrefix(where.courseId, where.lectureId)}captions/${where.lang}-${randomUUID()}.vtt`;
  await storage.put(key, Buffer.from(vtt, 'utf8'));
  return key;
}

export async function removeCaptions(storage: Storage, key: string | null | undefined) {
  if (key) await storage.remove(key);
}
