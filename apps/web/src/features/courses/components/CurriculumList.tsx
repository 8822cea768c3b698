import type { Course, Lecture } from '@kaksha/contracts';
import { CirclePlay, Lock } from 'lucide-react';
import { Collapsible } from '@/components/ui/Collapsible';
import { useT } from '@/i18n';
import { curriculumGroups, lectureCountLabel } from '@/lib/curriculum';
import { lectureLength, lectureLengthSpoken } from './course-figures';

/**
 * The curriculum: free-preview lectures can be chosen for the preview player, the rest are locked.
 * Lectures in sections are grouped under each section's title, in groups that can be collapsed.
 * Each lecture shows its length once its video has been measured.
 */
export function CurriculumList({
  course,
  selectedId,
  onSelect,
}: {
  course: Pick<Course, 'lectures' | 'sections'>;
  selectedId: string | null;
  onSelect: (lecture: Lecture) => void;
}) {
  const t = useT();
  if (course.lectures.length === 0) return <p className="text-sm text-muted">{t('course.noLectures')}</p>;
  return (
    <div className="flex flex-col gap-3">
      {curriculumGroups(course).map(({ section, lectures }) => {
        const list = (
          <ol className="flex flex-col gap-2">
            {lectures.map(({ lecture, number }) => (
              <CurriculumItem
                key={lecture._id}
                lecture={lecture}
                number={number}
                active={lecture._id === selectedId}
                onSelect={onSelect}
              />
            ))}
          </ol>
        );
        return section ? (
          <Collapsible key={section._id} title={section.title} meta={lectureCountLabel(lectures.length)}>
            {list}
          </Collapsible>
        ) : (
          <div key="no-section">{list}</div>
        );
      })}
    </div>
  );
}

function CurriculumItem({
  lecture,
  number,
  active,
  onSelect,
}: {
  lecture: Lecture;
  number: number;
  active: boolean;
  onSelect: (lecture: Lecture) => void;
}) {
  const t = useT();
  const playable = lecture.isPreviewFree && !!lecture.videoUrl;
  const length = lectureLength(lecture.duration);
  return (
    <li>
      <button
        type="button"
        disabled={!playable}
        aria-pressed={playable ? active : undefined}
        onClick={() => onSelect(lecture)}
        className={`flex w-full items-center gap-3 rounded-lg border px-3 py-3 text-left text-sm transition-colors ${
          active
            ? 'border-ink bg-ink text-white'
            : playable
              ? 'border-line bg-white text-ink hover:border-ink'
              : 'cursor-not-allowed border-line bg-surface text-slate-500'
        }`}
      >
        <span className="w-6 shrink-0 text-xs font-semibold tabular-nums opacity-70">{number}.</span>
        <span className="flex-1">{lecture.lectureTitle}</span>
        {length && lecture.duration && (
          <span className="shrink-0 text-xs tabular-nums opacity-80">
            <span aria-hidden="true">{length}</span>
            <span className="sr-only">{`, ${lectureLengthSpoken(lecture.duration)}`}</span>
          </span>
        )}
        {playable ? (
          <span className="inline-flex items-center gap-1 text-xs font-semibold">
            <CirclePlay size={18} aria-hidden="true" />
            {t('course.preview')}
          </span>
        ) : (
          <Lock size={16} role="img" aria-label={t('course.locked')} />
        )}
      </button>
    </li>
  );
}
