import { describe, expect, it } from 'vitest';
import { testQuestion } from '../fake-qa-server.test-helpers';
import { groupMarkers } from './markers';

const at = (id: string, timestampSec: number | null) => testQuestion({ _id: id, timestampSec });

describe('markers on the seek bar', () => {
  it('sit at their share of the lecture, in order, without questions that have no moment', () => {
    const groups = groupMarkers([at('b', 90), at('a', 30), at('none', null)], 120, 1200);
    expect(groups.map((g) => [g.percent, g.questions.map((q) => q._id)])).toEqual([
      [25, ['a']],
      [75, ['b']],
    ]);
  });

  it('share one marker when closer than a 24 px target on the rail, apart when the rail is wide enough', () => {
    const questions = [at('a', 42), at('b', 44), at('c', 60)];
    // 120 s over 300 px: 24 px is 9.6 s.
    expect(groupMarkers(questions, 120, 300).map((g) => g.questions.map((q) => q._id))).toEqual([['a', 'b'], ['c']]);
    // Over 1,500 px 24 px is 1.92 s.
    expect(groupMarkers(questions, 120, 1500)).toHaveLength(3);
  });
});
