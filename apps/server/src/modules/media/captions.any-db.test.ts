import { describe, expect, it } from 'vitest';
import { CaptionsError, srtToVtt, toWebVtt } from './captions.js';

const enc = (s: string) => new TextEncoder().encode(s);

describe('captions conversion', () => {
  it('converts SRT to WebVTT (comma → dot, header added, CRLF and BOM handled)', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nNamaste, 1,000 learners\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nHi\r\n';
    const vtt = srtToVtt(srt);
    expect(vtt).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nNamaste, 1,000 learners\n\n2\n00:00:03.000 --> 00:00:04.000\nHi\n',
    );
  });

  it('keeps WebVTT as is and accepts .srt by name', () => {
    const vtt = 'WEBVTT\n\n00:01.000 --> 00:02.000\nhello\n';
    expect(toWebVtt(enc(vtt), 'a.vtt')).toBe(vtt);
    expect(toWebVtt(enc('1\n00:00:01,000 --> 00:00:02,000\nx\n'), 'a.srt')).toContain('00:00:01.000 --> 00:00:02.000');
  });

  it('refuses binary, non-UTF-8 and cue-less content', () => {
    expect(() => toWebVtt(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'a.srt')).toThrow(CaptionsError);
    expect(() => toWebVtt(enc('a\u0000b'), 'a.srt')).toThrow(CaptionsError);
    expect(() => toWebVtt(enc('just some words'), 'a.srt')).toThrow(CaptionsError);
    expect(() => toWebVtt(enc('1\n00:00:01,000 --> 00:00:02,000\nx\n'), 'a.txt')).toThrow(CaptionsError);
  });
});
