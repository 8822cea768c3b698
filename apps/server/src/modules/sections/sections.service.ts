import type { CourseSection, EditSectionRequest, ReorderLecturesRequest } from '@kaksha/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { courseSections, courses, lectures } from '../../core/db/schema/index.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { assertCreator, loadOwnedCourse } from '../courses/courses.service.ts';

/*
 * Sections of a course (issue 15): ordered chapters grouping its lectures. A course without any
 * has one implicit group of every lecture; with sections, lectures whose section is null form
 * the implicit group before the first section (the curriculum order of the courses read model).
 *
 * `lectures.position` stays one order over the whole course that matches the curriculum order,
 * so clients that know nothing of sections see the same order: every change here rewrites the
 * positions of the lectures it moves, in the transaction that moves them, with the course row
 * locked so concurrent edits of one course wait for each other.
 */

type SectionRow = typeof courseSections.$inferSelect;

const NOT_THIS_COURSES_SECTION = {
  id: 'section_not_in_course',
  message: 'The section must be one of this course’s sections',
} as const;

/** One group of the curriculum: a section (null: the implicit first group) and its lectures in order. */
export interface CurriculumGroup {
  sectionId: string | null;
  lectureIds: string[];
}

interface Curriculum {
  sections: SectionRow[];
  /** The implicit group first, then one per section in order. */
  groups: CurriculumGroup[];
  /** Where each lecture is stored now. */
  stored: Map<string, { position: number; sectionId: string | null }>;
}

/** Sections with their lecture ids, as courses present them. */
const presentSection = (section: SectionRow, lectureIds: string[]): CourseSection => ({
  _id: section.id,
  title: section.title,
  position: section.position,
  lectureIds,
});

/**
 * The section with its course locked, if the user may manage it: the rules of `assertCreator`
 * (unknown section or unpublished course of someone else → 404, published course of someone
 * else → 403).
 */
async function loadOwnedSection(tx: DbOrTx, sectionId: string, userId: string) {
  if (!isUuid(sectionId)) throw notFound({ id: 'section_not_found', message: 'Section not found' });
  const [row] = await tx
    .select({ courseId: courseSections.courseId, creatorId: courses.creatorId, isPublished: courses.isPublished })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(eq(courseSections.id, sectionId))
    .limit(1);
  assertCreator(row, userId, 'Section');
  await loadOwnedCourse(tx, row.courseId, userId, { lock: true });
  // Read again under the lock: it may have gone while we waited.
  const [section] = await tx.select().from(courseSections).where(eq(courseSections.id, sectionId)).limit(1);
  if (!section) throw notFound({ id: 'section_not_found', message: 'Section not found' });
  return section;
}

/** The course's curriculum as stored (read inside the transaction that holds the course lock). */
async function loadCurriculum(tx: DbOrTx, courseId: string): Promise<Curriculum> {
  const sections = await tx
    .select()
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseSections.createdAt), asc(courseSections.id));
  const rows = await tx
    .select({ id: lectures.id, sectionId: lectures.sectionId, position: lectures.position })
    .from(lectures)
    .where(eq(lectures.courseId, courseId))
    .orderBy(asc(lectures.position), asc(lectures.createdAt), asc(lectures.id));
  const groups: CurriculumGroup[] = [
    { sectionId: null, lectureIds: [] },
    ...sections.map((s) => ({ sectionId: s.id, lectureIds: [] })),
  ];
  const bySection = new Map(groups.map((g) => [g.sectionId, g]));
  for (const l of rows) {
    // A section of another course cannot hold it: such a lecture is read as the implicit group's.
    (bySection.get(l.sectionId) ?? groups[0]).lectureIds.push(l.id);
  }
  return { sections, groups, stored: new Map(rows.map((l) => [l.id, l])) };
}

/**
 * Stores the curriculum: each lecture's section, and positions 0..n-1 in curriculum order
 * (only the rows that change are written, in one statement).
 */
async function saveCurriculum(tx: DbOrTx, courseId: string, { groups, stored }: Curriculum) {
  const changes: { id: string; position: number; sectionId: string | null }[] = [];
  let position = 0;
  for (const group of groups) {
    for (const id of group.lectureIds) {
      const before = stored.get(id);
      if (before?.position !== position || before.sectionId !== group.sectionId) {
        changes.push({ id, position, sectionId: group.sectionId });
      }
      position++;
    }
  }
  if (changes.length > 0) {
    const values = sql.join(
      changes.map((c) => sql`(${c.id}::uuid, ${c.position}::int, ${c.sectionId}::uuid)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${lectures} set position = v.position, section_id = v.section_id
      from (values ${values}) as v(id, position, section_id)
      where ${lectures.id} = v.id and ${lectures.courseId} = ${courseId}`);
  }
  await tx.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, courseId));
}

/** Numbers the sections 0..n-1 in the order given (only the rows that change are written). */
async function saveSectionOrder(tx: DbOrTx, sections: SectionRow[]) {
  for (const [position, section] of sections.entries()) {
    if (section.position !== position) {
      await tx.update(courseSections).set({ position, updatedAt: new Date() }).where(eq(courseSections.id, section.id));
      section.position = position;
    }
  }
}

const lectureIdsOf = (curriculum: Curriculum, sectionId: string) =>
  curriculum.groups.find((g) => g.sectionId === sectionId)?.lectureIds ?? [];

/** createsection: a new, empty section at the end of the course. */
export async function createSection(db: DbOrTx, courseId: string, userId: string, title: string) {
  return db.transaction(async (tx) => {
    await loadOwnedCourse(tx, courseId, userId, { lock: true });
    const { sections } = await loadCurriculum(tx, courseId);
    await saveSectionOrder(tx, sections);
    const [section] = await tx
      .insert(courseSections)
      .values({ courseId, title, position: sections.length })
      .returning();
    await tx.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, courseId));
    return presentSection(section, []);
  });
}

/**
 * editsection: renames the section and/or moves it to `position` among the course's sections
 * (clamped to the last place); the others are renumbered and the lectures' positions follow.
 */
export async function editSection(db: DbOrTx, sectionId: string, userId: string, patch: EditSectionRequest) {
  return db.transaction(async (tx) => {
    const section = await loadOwnedSection(tx, sectionId, userId);
    const curriculum = await loadCurriculum(tx, section.courseId);
    if (patch.title !== undefined) {
      await tx
        .update(courseSections)
        .set({ title: patch.title, updatedAt: new Date() })
        .where(eq(courseSections.id, sectionId));
    }
    const others = curriculum.sections.filter((s) => s.id !== sectionId);
    const moved = curriculum.sections.find((s) => s.id === sectionId) ?? section;
    const at = Math.min(patch.position ?? curriculum.sections.indexOf(moved), others.length);
    const order = [...others.slice(0, at), moved, ...others.slice(at)];
    await saveSectionOrder(tx, order);
    const [implicit] = curriculum.groups;
    curriculum.groups = [
      implicit,
      ...order.map((s) => ({ sectionId: s.id, lectureIds: lectureIdsOf(curriculum, s.id) })),
    ];
    await saveCurriculum(tx, section.courseId, curriculum);
    return presentSection(
      { ...moved, title: patch.title ?? moved.title, position: at },
      lectureIdsOf(curriculum, sectionId),
    );
  });
}

/**
 * removesection: its lectures move, in their order, to the end of the previous section (or of the
 * implicit group when it was the first), so no content is lost; the later sections move up.
 */
export async function removeSection(db: DbOrTx, sectionId: string, userId: string) {
  await db.transaction(async (tx) => {
    const section = await loadOwnedSection(tx, sectionId, userId);
    const curriculum = await loadCurriculum(tx, section.courseId);
    const at = curriculum.groups.findIndex((g) => g.sectionId === sectionId);
    const [removed] = curriculum.groups.splice(at, 1);
    // groups[0] is the implicit group: there is always a group before a section's.
    curriculum.groups[at - 1].lectureIds.push(...removed.lectureIds);
    await saveCurriculum(tx, section.courseId, curriculum);
    await tx.delete(courseSections).where(eq(courseSections.id, sectionId));
    await saveSectionOrder(
      tx,
      curriculum.sections.filter((s) => s.id !== sectionId),
    );
  });
}

/**
 * reorderlectures: the whole curriculum at once. It must name every lecture of the course exactly
 * once and only the course's own sections, each at most once (400 naming what is wrong otherwise);
 * sections not named are left empty. Sections keep their order.
 */
export async function reorderLectures(db: DbOrTx, courseId: string, userId: string, input: ReorderLecturesRequest) {
  await db.transaction(async (tx) => {
    await loadOwnedCourse(tx, courseId, userId, { lock: true });
    const curriculum = await loadCurriculum(tx, courseId);
    const requested = new Map<string | null, string[]>();
    for (const group of input.sections) {
      if (group._id !== null && !curriculum.sections.some((s) => s.id === group._id)) {
        throw badRequest(
          { id: 'order_unknown_section', message: 'Every section must be one of this course’s sections' },
          { sections: 'Unknown section' },
        );
      }
      if (requested.has(group._id)) {
        throw badRequest(
          { id: 'order_section_twice', message: 'Each section may be listed only once' },
          { sections: 'Section listed twice' },
        );
      }
      requested.set(group._id, group.lectureIds);
    }
    const named = [...requested.values()].flat();
    const seen = new Set<string>();
    for (const id of named) {
      if (!curriculum.stored.has(id)) {
        throw badRequest(
          { id: 'order_unknown_lecture', message: 'Every lecture must be one of this course’s lectures' },
          { sections: 'Unknown lecture' },
        );
      }
      if (seen.has(id))
        throw badRequest(
          { id: 'order_lecture_twice', message: 'Each lecture may be listed only once' },
          { sections: 'Lecture listed twice' },
        );
      seen.add(id);
    }
    if (seen.size !== curriculum.stored.size) {
      throw badRequest(
        { id: 'order_lectures_missing', message: 'Every lecture of the course must be listed' },
        { sections: 'Lectures missing' },
      );
    }
    curriculum.groups = curriculum.groups.map((g) => ({
      sectionId: g.sectionId,
      lectureIds: requested.get(g.sectionId) ?? [],
    }));
    await saveCurriculum(tx, courseId, curriculum);
  });
}

/**
 * For the lectures service, inside its transaction (course locked): checks that `sectionId`
 * is a section of the course (400 otherwise).
 */
export async function assertSectionOfCourse(tx: DbOrTx, courseId: string, sectionId: string) {
  const [row] = isUuid(sectionId)
    ? await tx
        .select({ courseId: courseSections.courseId })
        .from(courseSections)
        .where(eq(courseSections.id, sectionId))
        .limit(1)
    : [];
  if (row?.courseId !== courseId) {
    throw badRequest(NOT_THIS_COURSES_SECTION, { sectionId: 'Unknown section' });
  }
}

/**
 * For the lectures service, inside its transaction (course locked): moves a lecture to the end of
 * a group — `sectionId` a section of the course (400 otherwise), null the implicit group, or
 * undefined the end of the course (its last section, if it has any) — and renumbers positions.
 */
export async function placeLecture(tx: DbOrTx, courseId: string, lectureId: string, sectionId?: string | null) {
  if (sectionId) await assertSectionOfCourse(tx, courseId, sectionId);
  const curriculum = await loadCurriculum(tx, courseId);
  const target =
    sectionId === undefined
      ? curriculum.groups[curriculum.groups.length - 1]
      : curriculum.groups.find((g) => g.sectionId === sectionId);
  if (!target) throw badRequest(NOT_THIS_COURSES_SECTION, { sectionId: 'Unknown section' });
  for (const group of curriculum.groups) group.lectureIds = group.lectureIds.filter((id) => id !== lectureId);
  target.lectureIds.push(lectureId);
  await saveCurriculum(tx, courseId, curriculum);
}
