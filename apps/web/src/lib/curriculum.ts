import type { Course, Lecture } from '@kaksha/contracts';
import { translate } from '@/i18n';

/** One group of a course's curriculum: a section, or (`section` null) the lectures outside any. */
export interface CurriculumGroup {
  section: { _id: string; title: string } | null;
  /** The group's lectures, each with its number in the whole course (1-based). */
  lectures: { lecture: Lecture; number: number }[];
}

/**
 * A course's lectures grouped as the learner meets them: the lectures outside any section first
 * (the course's implicit section), then each section in order. A course without sections is one
 * group with every lecture; empty groups are left out. Numbers follow the course's flat order.
 */
export function curriculumGroups(course: Pick<Course, 'lectures' | 'sections'>): CurriculumGroup[] {
  const number = new Map(course.lectures.map((l, i) => [l._id, i + 1]));
  const byId = new Map(course.lectures.map((l) => [l._id, l]));
  const sections = course.sections ?? [];
  const inSection = new Set(sections.flatMap((s) => s.lectureIds));
  const entry = (lecture: Lecture) => ({ lecture, number: number.get(lecture._id) ?? 0 });
  const groups: CurriculumGroup[] = [
    { section: null, lectures: course.lectures.filter((l) => !inSection.has(l._id)).map(entry) },
    ...sections.map((s) => ({
      section: { _id: s._id, title: s.title },
      lectures: s.lectureIds.flatMap((id) => {
        const lecture = byId.get(id);
        return lecture ? [entry(lecture)] : [];
      }),
    })),
  ];
  return groups.filter((g) => g.lectures.length > 0);
}

export const lectureCountLabel = (count: number) => translate('curriculum.lectureCount', { count });
