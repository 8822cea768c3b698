import type { Course, Lecture } from '@kaksha/contracts';
import type { ReactNode } from 'react';
import { Collapsible } from '@/components/ui/Collapsible';
import { useT } from '@/i18n';
import { curriculumGroups, lectureCountLabel } from '@/lib/curriculum';
import type { CourseProgress, LectureProgress } from '../../api/progress';
import { ProgressBar } from '../ProgressBar';
import { LectureListItem } from './LectureListItem';

/**
 * "All Lectures": the course's progress, then its lectures by section (collapsible, each with how
 * many are done), with what other features add after a section (`afterSection`) and at the end.
 */
export function LectureList({
  course,
  progress,
  byLecture,
  activeId,
  canOpen,
  onChoose,
  afterSection,
  listEnd,
}: {
  course: Course;
  progress: CourseProgress | null;
  byLecture: Map<string, LectureProgress>;
  /** The lecture in the player (none while a stage takes its place). */
  activeId: string | null;
  canOpen: (lecture: Lecture) => boolean;
  onChoose: (lectureId: string) => void;
  afterSection?: (sectionId: string) => ReactNode;
  listEnd?: ReactNode;
}) {
  const t = useT();
  return (
    <section className="rounded-card border border-line bg-white p-5 shadow-sm">
      <h2 id="all-lectures-title" className="mb-3 text-xl font-bold text-ink">
        {t('lectures.all')}
      </h2>
      {progress && (
        <div className="mb-4">
          <ProgressBar
            percent={progress.percent}
            label={t('enrolled.progress', { done: progress.completedCount, total: progress.totalLectures })}
          />
        </div>
      )}
      {course.lectures.length === 0 ? (
        <p className="text-sm text-muted">{t('course.noLectures')}</p>
      ) : (
        <div className="flex flex-col gap-3">
          {curriculumGroups(course).map(({ section, lectures }) => {
            const list = (
              <ol className="flex flex-col gap-2">
                {lectures.map(({ lecture, number }) => (
                  <LectureListItem
                    key={lecture._id}
                    lecture={lecture}
                    number={number}
                    watchable={canOpen(lecture)}
                    active={lecture._id === activeId}
                    saved={byLecture.get(lecture._id)}
                    onChoose={() => onChoose(lecture._id)}
                  />
                ))}
              </ol>
            );
            if (!section) return <div key="no-section">{list}</div>;
            const completed = lectures.filter(({ lecture }) => byLecture.get(lecture._id)?.completed).length;
            const after = afterSection?.(section._id);
            return (
              <Collapsible
                key={section._id}
                title={section.title}
                meta={
                  progress
                    ? `${completed} of ${lectureCountLabel(lectures.length)} done`
                    : lectureCountLabel(lectures.length)
                }
              >
                {list}
                {after && <ol className="mt-2 flex flex-col gap-2">{after}</ol>}
              </Collapsible>
            );
          })}
          {listEnd && <ol className="flex flex-col gap-2">{listEnd}</ol>}
        </div>
      )}
    </section>
  );
}
