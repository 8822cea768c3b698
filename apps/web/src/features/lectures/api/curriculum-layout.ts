import type { Course, CourseSection, ReorderLecturesRequest } from '@kaksha/contracts';

/**
 * The curriculum as the educator arranges it: the implicit group (`_id` null: the lectures outside
 * any section, before the first section) and then every section in order, each with its lecture ids.
 * It is also the body of `reorderlectures` (with the titles left out).
 */
export interface LayoutGroup {
  _id: string | null;
  title: string | null;
  lectureIds: string[];
}

type CurriculumCourse = Pick<Course, 'lectures' | 'sections'>;

/** The course's groups; the implicit group is always first, even when empty. */
export function layoutOf(course: CurriculumCourse): LayoutGroup[] {
  const known = new Set(course.lectures.map((l) => l._id));
  const sections = course.sections ?? [];
  const inSection = new Set(sections.flatMap((s) => s.lectureIds));
  return [
    { _id: null, title: null, lectureIds: course.lectures.filter((l) => !inSection.has(l._id)).map((l) => l._id) },
    ...sections.map((s) => ({ _id: s._id, title: s.title, lectureIds: s.lectureIds.filter((id) => known.has(id)) })),
  ];
}

/** What `reorderlectures` is sent: every group with its lectures, the implicit one included. */
export const reorderBody = (groups: LayoutGroup[]): ReorderLecturesRequest => ({
  sections: groups.map((g) => ({ _id: g._id, lectureIds: [...g.lectureIds] })),
});

/**
 * The course rearranged as `groups` say (sections in that order, numbered 0..n-1), with its flat
 * `lectures` in curriculum order as the server keeps them: what the cache shows until it answers.
 */
export function withLayout<C extends CurriculumCourse>(course: C, groups: LayoutGroup[]): C {
  const byId = new Map(course.lectures.map((l) => [l._id, l]));
  const sectionsById = new Map((course.sections ?? []).map((s) => [s._id, s]));
  const ordered = groups.flatMap((g) => g.lectureIds).flatMap((id) => byId.get(id) ?? []);
  const placed = new Set(ordered.map((l) => l._id));
  const sections: CourseSection[] = groups.flatMap((g) => {
    const section = g._id === null ? undefined : sectionsById.get(g._id);
    return section ? [{ ...section, title: g.title ?? section.title, lectureIds: [...g.lectureIds] }] : [];
  });
  return {
    ...course,
    // A lecture the layout does not know (added meanwhile) keeps its place at the end.
    lectures: [...ordered, ...course.lectures.filter((l) => !placed.has(l._id))],
    sections: sections.map((s, position) => ({ ...s, position })),
  };
}

/** Where a lecture is: its group's index and its index inside the group. */
export function locate(groups: LayoutGroup[], lectureId: string) {
  for (const [group, g] of groups.entries()) {
    const index = g.lectureIds.indexOf(lectureId);
    if (index !== -1) return { group, index };
  }
  return null;
}

/** The layout with the lecture taken out and put at `index` of group `group` (clamped to its end). */
export function moveLecture(groups: LayoutGroup[], lectureId: string, group: number, index: number): LayoutGroup[] {
  const next = groups.map((g) => ({ ...g, lectureIds: g.lectureIds.filter((id) => id !== lectureId) }));
  const target = next[group];
  if (!target) return groups;
  const at = Math.max(0, Math.min(index, target.lectureIds.length));
  target.lectureIds.splice(at, 0, lectureId);
  return next;
}

/**
 * One step up or down in the whole curriculum: inside its group, or past the group's edge to the
 * end of the group before (up) or the start of the group after (down). Null at the very ends; an
 * empty implicit group is not stepped into (it is not shown; the section menu reaches it).
 */
export function stepLecture(groups: LayoutGroup[], lectureId: string, direction: -1 | 1) {
  const at = locate(groups, lectureId);
  if (!at) return null;
  const { group, index } = at;
  const size = groups[group].lectureIds.length;
  if (direction === -1) {
    if (index > 0) return { group, index: index - 1 };
    const before = groups[group - 1];
    if (!before || (group - 1 === 0 && before._id === null && before.lectureIds.length === 0)) return null;
    return { group: group - 1, index: before.lectureIds.length };
  }
  if (index < size - 1) return { group, index: index + 1 };
  if (group === groups.length - 1) return null;
  return { group: group + 1, index: 0 };
}

/** The layout after a section is removed: its lectures go, in order, to the end of the group before. */
export function withoutSection(groups: LayoutGroup[], sectionId: string): LayoutGroup[] {
  const at = groups.findIndex((g) => g._id === sectionId);
  if (at < 1) return groups;
  const next = groups.map((g) => ({ ...g, lectureIds: [...g.lectureIds] }));
  const [removed] = next.splice(at, 1);
  next[at - 1].lectureIds.push(...removed.lectureIds);
  return next;
}

/** The layout with a section moved to `position` among the sections (0 = first). */
export function withSectionAt(groups: LayoutGroup[], sectionId: string, position: number): LayoutGroup[] {
  const [implicit, ...sections] = groups;
  const moved = sections.find((s) => s._id === sectionId);
  if (!moved) return groups;
  const others = sections.filter((s) => s._id !== sectionId);
  const at = Math.max(0, Math.min(position, others.length));
  return [implicit, ...others.slice(0, at), moved, ...others.slice(at)];
}

/** Curriculum changes of one course run one after another, in the order they were made. */
export const curriculumScope = (courseId: string) => ({ id: `curriculum-${courseId}` });
