import { publishChecklist } from '@kaksha/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_COURSES } from './demo-data.ts';
import { DEMO_QUIZZES } from './demo-learning.ts';

/** Share of a text's letters (and their vowel signs) that are Devanagari. */
const devanagari = (text: string) => {
  const letters = text.match(/[\p{L}\p{M}]/gu) ?? [];
  return letters.filter((l) => /\p{Script=Devanagari}/u.test(l)).length / Math.max(letters.length, 1);
};

/**
 * The demo seed writes its courses directly, past editcourse: its published ones must still be
 * what an educator could publish (issue #27's checklist), so the demo shows honest, complete pages.
 */
describe('the demo courses', () => {
  it('that are published pass the whole publish checklist', () => {
    const published = DEMO_COURSES.filter((c) => c.isPublished);
    expect(published.length).toBeGreaterThan(0);
    for (const c of published) {
      const missing = publishChecklist({
        ...c,
        hasThumbnail: !!c.thumbnail,
        hasContent: c.lectures.some((l) => !!l.video),
      }).filter((item) => !item.done);
      expect(
        missing.map((m) => m.key),
        c.title,
      ).toEqual([]);
    }
  });

  it('has several courses taught in Hindi, written in Hindi (issue #29)', () => {
    const hindi = DEMO_COURSES.filter((c) => c.language === 'hi');
    expect(hindi.length).toBeGreaterThanOrEqual(4);
    for (const c of hindi) {
      // Mostly Devanagari; names of tools (HTML, Nmap, VLOOKUP) stay as they are written.
      for (const text of [c.title, c.subTitle, c.description]) expect(devanagari(text), text).toBeGreaterThan(0.5);
      for (const l of c.lectures) expect(devanagari(l.title), l.title).toBeGreaterThan(0.3);
      for (const q of DEMO_QUIZZES[c.key].questions) expect(devanagari(q.prompt), q.prompt).toBeGreaterThan(0.5);
    }
    // The others are in English.
    for (const c of DEMO_COURSES.filter((c) => c.language !== 'hi')) expect(devanagari(c.title), c.title).toBe(0);
  });
});
