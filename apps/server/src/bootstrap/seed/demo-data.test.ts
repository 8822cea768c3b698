import { publishChecklist } from '@kaksha/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_COURSES } from './demo-data.ts';

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
});
