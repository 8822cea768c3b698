// Caption files (WebVTT or SRT) → validated WebVTT text. Pure functions so the
// captions API and its tests share one converter.

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
