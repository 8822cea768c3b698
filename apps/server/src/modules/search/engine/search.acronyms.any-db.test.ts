import { describe, expect, it } from 'vitest';
import { acronymsOf, markAcronym, mayBeAcronym } from './search.acronyms.ts';

/** Synthetic phrases only. */
describe('acronyms mined from course text', () => {
  it('takes the initials of multi-word runs, with and without inner function words', () => {
    const a = acronymsOf('Zorb Quix Flam: a primer');
    expect(a).toContain('zq');
    expect(a).toContain('zqf');
    const inner = acronymsOf('Glim as Vort');
    expect(inner).toContain('gav');
    expect(inner).toContain('gv');
  });

  it('splits hyphenated words, stays within a clause and skips runs ending in a function word', () => {
    expect(acronymsOf('blue-green wumble')).toContain('bgw');
    const a = acronymsOf('zorb quix. flam blot');
    expect(a).not.toContain('qf');
    expect(acronymsOf('zorb of')).toEqual(new Set());
  });

  it('distributes a word shared through a conjunction', () => {
    // "zorb quix and flam" names "zorb flam" too; "glim or vort wumble" names "glim wumble".
    expect(acronymsOf('zorb quix and flam')).toContain('zf');
    expect(acronymsOf('glim or vort wumble')).toContain('gw');
    expect(acronymsOf('zorb quix, and flam')).not.toContain('zf');
  });

  it('keeps 2–5 letters and marks them apart from real words', () => {
    expect([...acronymsOf('a b c d e f g h')].every((x) => x.length >= 2 && x.length <= 5)).toBe(true);
    expect(markAcronym('zq')).not.toBe('zq');
    expect(mayBeAcronym('zq')).toBe(true);
    expect(mayBeAcronym('zorbquixflam')).toBe(false);
    expect(mayBeAcronym('z9')).toBe(false);
  });
});
