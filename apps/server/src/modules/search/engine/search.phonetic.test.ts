import { describe, expect, it } from 'vitest';
import { soundPrefixes, soundTerms, soundWord } from './search.phonetic.ts';
import { DEFAULT_TUNING as t } from './search.tuning.ts';
import { pickTypo } from './search.vocabulary.ts';

/** Synthetic words only: nothing here comes from an evaluation set. */
describe('phonetic keys for misspellings', () => {
  it('gives words that sound alike the same key, and finds the catalogue word from the query word', () => {
    const [stored] = soundTerms('phlorbix');
    expect(soundPrefixes('florbiks').some((p) => stored.startsWith(p))).toBe(true);
    expect(soundPrefixes('kwantix').some((p) => soundTerms('quantics')[0].startsWith(p))).toBe(true);
    expect(soundWord(stored)).toBe('phlorbix');
    // Different sounds, different keys.
    expect(soundPrefixes('zhorbax').some((p) => soundTerms('xorbacks')[0].startsWith(p))).toBe(false);
  });

  it('keys only alphabetic words of six letters or more, apart from real words', () => {
    expect(soundTerms('zorbx')).toEqual([]);
    expect(soundTerms('zorb9x')).toEqual([]);
    expect(soundPrefixes('zorbx')).toEqual([]);
    expect(soundTerms('phlorbix')[0]).toMatch(/^#/);
  });

  it('accepts a same-sounding word further than the edit limit, but not an unrelated one', () => {
    const row = { term: 'phlorbix', lexeme: 'phlorbix', df: 3 };
    // "florbiks" is three edits from "phlorbix": too many for a spelling typo …
    expect(pickTypo('florbiks', [row], t)).toBeUndefined();
    // … but the same sound.
    expect(pickTypo('florbiks', [{ ...row, sound: true }], t)).toMatchObject({
      term: 'phlorbix',
      strength: t.phoneticStrength,
    });
    // Same key but a much longer word is not taken.
    expect(pickTypo('florbiks', [{ term: 'phlorbixationism', lexeme: 'x', df: 1, sound: true }], t)).toBeUndefined();
    // One edit stays a (stronger) spelling typo.
    expect(pickTypo('phlorbox', [row], t)?.strength).toBe(t.typoStrength1);
  });
});
