import type { Lecture } from '@kaksha/contracts';
import { describe, expect, it } from 'vitest';
import {
  layoutOf,
  moveLecture,
  reorderBody,
  stepLecture,
  withLayout,
  withoutSection,
  withSectionAt,
} from './curriculum-layout';

const lecture = (id: string) => ({ _id: id, lectureTitle: id, videoUrl: null, isPreviewFree: false }) as Lecture;
const course = {
  lectures: ['a', 'b', 'c', 'd'].map(lecture),
  sections: [
    { _id: 's1', title: 'One', position: 0, lectureIds: ['b', 'c'] },
    { _id: 's2', title: 'Two', position: 1, lectureIds: ['d'] },
  ],
};
const ids = (groups: ReturnType<typeof layoutOf>) => groups.map((g) => g.lectureIds);

describe('curriculum layout', () => {
  it('puts the lectures outside any section first, then each section', () => {
    expect(layoutOf(course).map((g) => [g._id, g.lectureIds])).toEqual([
      [null, ['a']],
      ['s1', ['b', 'c']],
      ['s2', ['d']],
    ]);
    // Without sections: one group, always sent as the implicit one.
    expect(reorderBody(layoutOf({ lectures: course.lectures }))).toEqual({
      sections: [{ _id: null, lectureIds: ['a', 'b', 'c', 'd'] }],
    });
  });

  it('steps across group edges, but not into an empty implicit group', () => {
    const groups = layoutOf(course);
    expect(stepLecture(groups, 'a', -1)).toBeNull();
    expect(stepLecture(groups, 'a', 1)).toEqual({ group: 1, index: 0 });
    expect(stepLecture(groups, 'b', -1)).toEqual({ group: 0, index: 1 });
    expect(stepLecture(groups, 'c', 1)).toEqual({ group: 2, index: 0 });
    expect(stepLecture(groups, 'd', 1)).toBeNull();
    const noneOutside = moveLecture(groups, 'a', 1, 0);
    expect(ids(noneOutside)).toEqual([[], ['a', 'b', 'c'], ['d']]);
    expect(stepLecture(noneOutside, 'a', -1)).toBeNull();
  });

  it('rewrites the course: sections, their order and the flat lecture order', () => {
    const moved = withLayout(course, moveLecture(layoutOf(course), 'a', 2, 1));
    expect(moved.lectures.map((l) => l._id)).toEqual(['b', 'c', 'd', 'a']);
    expect(moved.sections.map((s) => s.lectureIds)).toEqual([
      ['b', 'c'],
      ['d', 'a'],
    ]);
    const swapped = withLayout(course, withSectionAt(layoutOf(course), 's2', 0));
    expect(swapped.sections.map((s) => [s._id, s.position])).toEqual([
      ['s2', 0],
      ['s1', 1],
    ]);
    expect(swapped.lectures.map((l) => l._id)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('gives a removed section’s lectures to the group before it', () => {
    expect(ids(withoutSection(layoutOf(course), 's2'))).toEqual([['a'], ['b', 'c', 'd']]);
    expect(ids(withoutSection(layoutOf(course), 's1'))).toEqual([['a', 'b', 'c'], ['d']]);
  });
});
