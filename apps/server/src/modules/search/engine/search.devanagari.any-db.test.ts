import { describe, expect, it } from 'vitest';
import { normalizeDevanagari, romanizeWord, syllablePieces } from './search.devanagari.ts';

describe('Devanagari normalisation', () => {
  it('writes what is typed several ways one way', () => {
    // A precomposed nukta letter (U+095B ज़) and ज + nukta (U+091C U+093C) are one letter.
    expect(normalizeDevanagari('\u095b')).toBe(normalizeDevanagari('\u091c\u093c'));
    // Chandrabindu and anusvara: हाँ and हां.
    expect(normalizeDevanagari('हाँ')).toBe('हां');
    // Joiners only shape glyphs (क्‍ष with a ZWJ is क्ष); a soft hyphen is not a letter.
    expect(normalizeDevanagari('क्\u200dष')).toBe('क्ष');
    expect(normalizeDevanagari('क्\u200cष')).toBe('क्ष');
    expect(normalizeDevanagari('पाय\u00adथन')).toBe('पायथन');
    // Devanagari digits are digits; a danda ends a sentence.
    expect(normalizeDevanagari('₹१२५० तक।')).toBe('₹1250 तक . ');
  });
});

describe('Hindi romanisation', () => {
  it('drops the inherent vowel where Hindi does not say it', () => {
    expect(romanizeWord('कमल')).toBe('kamal'); // final a only
    expect(romanizeWord('करना')).toBe('karna'); // medial a between VC and CV
    expect(romanizeWord('समझना')).toBe('samajhna'); // never two neighbours
    expect(romanizeWord('न')).toBe('na'); // one syllable keeps it
  });

  it('maps letters, conjuncts, nasals and nukta as Hinglish spells them', () => {
    expect(romanizeWord('ज्ञान')).toBe('gyan');
    expect(romanizeWord('कंप्यूटर')).toBe('kampyutar'); // anusvara before p is m
    expect(romanizeWord('संबंध')).toBe('sambandh');
    expect(romanizeWord('अंग्रेज़ी')).toBe('angrezi');
    expect(romanizeWord(normalizeDevanagari('\u095e\u094b\u0928'))).toBe('fon'); // फ़ोन, precomposed
    expect(romanizeWord('दुःख')).toBe('dukh');
    expect(romanizeWord('प्रातः')).toBe('pratah');
    expect(romanizeWord('प्रिय')).toBe('priya'); // a final y after i keeps its a
    expect(romanizeWord('ऑफ़िस')).toBe('ofis');
  });

  it('can keep vowel length, which tells काम (work) from कम (less)', () => {
    expect(romanizeWord('काम', true)).toBe('kaam');
    expect(romanizeWord('कम', true)).toBe('kam');
    expect(romanizeWord('काम')).toBe(romanizeWord('कम'));
  });

  it('splits a word into aksharas, conjuncts kept together', () => {
    expect(syllablePieces('एपीआई')).toEqual(['ए', 'पी', 'आ', 'ई']);
    expect(syllablePieces('स्क्रिप्ट')).toEqual(['स्क्रि', 'प्ट']);
  });
});
