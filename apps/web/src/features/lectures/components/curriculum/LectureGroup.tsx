import type { Lecture } from '@kaksha/contracts';
import { useT } from '@/i18n';
import { type LayoutGroup, stepLecture } from '../../api/curriculum-layout';
import { LectureRow } from './LectureRow';
import { groupKey } from './places';
import type { LectureDrag } from './useLectureDrag';

/**
 * A group's lectures (the group at index `g` of `groups`), and the drop zone that takes a dragged
 * lecture to its end; an empty section says how to fill it.
 */
export function LectureGroup({
  courseId,
  groups,
  g,
  hasSections,
  lectures,
  numbers,
  drag,
  onStep,
  onSection,
}: {
  courseId: string;
  groups: LayoutGroup[];
  g: number;
  hasSections: boolean;
  lectures: Map<string, Lecture>;
  /** Each lecture's number in the whole course. */
  numbers: Map<string, number>;
  drag: LectureDrag;
  onStep: (lectureId: string, direction: -1 | 1) => void;
  onSection: (lectureId: string, groupKey: string) => void;
}) {
  const t = useT();
  const group = groups[g];
  const { dragId, target } = drag;
  const dropHere = dragId !== null && target?.group === g;
  const items = group.lectureIds.flatMap((id) => lectures.get(id) ?? []);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop zone for pointer users; keyboard users have the move buttons
    <div
      onDragOver={(e) => drag.overGroup(e, g)}
      onDrop={drag.drop}
      className={`rounded-lg ${dropHere && items.length === 0 ? 'bg-brand-50 outline-2 outline-dashed outline-brand-500' : ''}`}
    >
      {items.length === 0 ? (
        <p className="px-3 py-4 text-center text-sm text-muted">{t('lectures.sections.emptyDrop')}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {items.map((lecture, i) => (
            <LectureRow
              key={lecture._id}
              courseId={courseId}
              lecture={lecture}
              number={numbers.get(lecture._id) ?? 0}
              at={`${groupKey(group)}:${i}`}
              groups={hasSections ? groups : null}
              groupKey={groupKey(group)}
              canMoveUp={stepLecture(groups, lecture._id, -1) !== null}
              canMoveDown={stepLecture(groups, lecture._id, 1) !== null}
              dragging={dragId === lecture._id}
              barBefore={dropHere && target?.index === i}
              barAfter={dropHere && i === items.length - 1 && target?.index === items.length}
              onStep={(direction) => onStep(lecture._id, direction)}
              onSection={(key) => onSection(lecture._id, key)}
              onDragStart={(e) => drag.start(e, lecture._id)}
              onDragEnd={drag.end}
              onDragOver={(e) => drag.overItem(e, g, i)}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
