import type { Course } from '@kaksha/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useT } from '@/i18n';
import { layoutOf } from '../api/curriculum-layout';
import { GroupBox } from './curriculum/GroupBox';
import { LectureGroup } from './curriculum/LectureGroup';
import { noSection } from './curriculum/places';
import { RemoveSectionText, SectionRow } from './curriculum/SectionRow';
import { useFocusRequest } from './curriculum/useFocusRequest';
import { useLectureDrag } from './curriculum/useLectureDrag';
import { useLectureMoves } from './curriculum/useLectureMoves';
import { useSectionActions } from './curriculum/useSectionActions';

export { noSection } from './curriculum/places';

/**
 * The course's lectures grouped by section, for its creator: lectures move by drag and drop or by
 * their Move up / Move down buttons and section menu (each change sends the whole layout to
 * `reorderlectures`, and a status line says where the lecture went); sections can be renamed,
 * moved and removed.
 */
export function CurriculumEditor({ courseId, course }: { courseId: string; course: Course }) {
  const t = useT();
  const [status, setStatus] = useState('');
  const { root, requestFocus } = useFocusRequest();
  const groups = layoutOf(course);
  const hasSections = groups.length > 1;
  const numbers = new Map(course.lectures.map((l, i) => [l._id, i + 1]));
  const lectures = new Map(course.lectures.map((l) => [l._id, l]));

  const moves = useLectureMoves(courseId, course, { setStatus, requestFocus });
  const sections = useSectionActions(courseId, groups, { setStatus, requestFocus });
  const drag = useLectureDrag({
    groupSize: (g) => groups[g].lectureIds.length,
    locate: moves.whereIs,
    onMove: (lectureId, place) => moves.moveTo(lectureId, place, ['up', 'down']),
  });

  const lectureGroup = (g: number) => (
    <LectureGroup
      courseId={courseId}
      groups={groups}
      g={g}
      hasSections={hasSections}
      lectures={lectures}
      numbers={numbers}
      drag={drag}
      onStep={moves.step}
      onSection={moves.toSection}
    />
  );

  return (
    <div ref={root} className="flex flex-col gap-4">
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-muted">
        {status}
      </p>
      {!hasSections
        ? course.lectures.length > 0 && lectureGroup(0)
        : groups.map((group, g) => {
            const id = group._id;
            if (id === null) {
              // The lectures outside any section, when there are some (the section menu puts one
              // there). No drop zone for it while dragging: the list would jump under the pointer.
              if (group.lectureIds.length === 0) return null;
              return (
                <GroupBox key="none" title={noSection()} count={group.lectureIds.length}>
                  {lectureGroup(g)}
                </GroupBox>
              );
            }
            const position = g - 1;
            return (
              <SectionRow
                key={id}
                section={{ ...group, _id: id }}
                position={position}
                last={g === groups.length - 1}
                renaming={sections.renaming === id}
                saving={sections.saving}
                onRename={() => sections.startRename(id)}
                onCancelRename={() => sections.cancelRename(id, position)}
                onSaveTitle={(title) => sections.rename(id, position, title)}
                onMove={(direction) => sections.move(group, direction)}
                onRemove={() => sections.askRemove(group)}
              >
                {lectureGroup(g)}
              </SectionRow>
            );
          })}
      <ConfirmDialog
        open={sections.removing !== null}
        title={t('lectures.sections.removeTitle')}
        confirmLabel={t('lectures.sections.remove')}
        busy={sections.removingBusy}
        onCancel={sections.cancelRemove}
        onConfirm={sections.confirmRemove}
      >
        {sections.removing && <RemoveSectionText groups={groups} section={sections.removing} />}
      </ConfirmDialog>
    </div>
  );
}
