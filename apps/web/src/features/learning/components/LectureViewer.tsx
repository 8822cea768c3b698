import type { Course } from '@kaksha/contracts';
import { type ReactNode, useRef } from 'react';
import { Skeleton } from '@/components/ui/Card';
import type { CourseProgress } from '../api/progress';
import { LectureList } from './lecture-viewer/LectureList';
import { LectureResources } from './lecture-viewer/LectureResources';
import { LectureStage, LectureTitleBar } from './lecture-viewer/LectureStage';
import { useLectureSelection } from './lecture-viewer/useLectureSelection';
import { useMarkComplete } from './lecture-viewer/useMarkComplete';
import { PreviewNote, ViewerHeader } from './lecture-viewer/ViewerHeader';

/**
 * The lecture viewer of /viewlecture/{courseId} (spec §2): the player, Mark as complete and the
 * lecture list, with progress for an enrolled learner. `instructor` is shown under the player.
 * Slots for what other features add: `stage` takes the player's place (a quiz) until a lecture
 * is chosen (`onLectureChosen`), `afterSection` and `listEnd` add to the lecture list, and
 * `asideTop` goes above it.
 */
export function LectureViewer({
  course,
  enrolled,
  isCreator,
  progress,
  instructor,
  stage,
  onLectureChosen,
  afterSection,
  listEnd,
  asideTop,
}: {
  course: Course;
  enrolled: boolean;
  isCreator: boolean;
  progress: CourseProgress | null;
  instructor?: ReactNode;
  stage?: ReactNode;
  onLectureChosen?: () => void;
  afterSection?: (sectionId: string) => ReactNode;
  listEnd?: ReactNode;
  asideTop?: ReactNode;
}) {
  const { canOpen, canWatch, current, currentProgress, byLecture, chosenByUser, choose } = useLectureSelection(course, {
    enrolled,
    isCreator,
    progress,
  });
  const { applySaved, marking, toggleComplete } = useMarkComplete(course._id);
  // Progress is tracked (saved, marked complete) for enrolled learners only.
  const track = enrolled;
  const player = useRef<HTMLDivElement>(null);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <ViewerHeader course={course} enrolled={enrolled} />
      {!enrolled && !isCreator && <PreviewNote courseId={course._id} />}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div ref={player} className="flex min-w-0 scroll-mt-20 flex-col gap-4">
          {stage ? (
            stage
          ) : (
            <LectureStage
              courseId={course._id}
              lecture={current}
              watchable={!!current && canWatch(current)}
              progress={currentProgress}
              track={track}
              autoPlay={chosenByUser}
              onSaved={applySaved}
            />
          )}
          {current && !stage && (
            <LectureTitleBar
              title={current.lectureTitle}
              completed={!!currentProgress?.completed}
              marking={marking}
              onToggle={track && canOpen(current) ? () => void toggleComplete(current, currentProgress) : undefined}
            />
          )}
          {current && !stage && canOpen(current) && <LectureResources resources={current.resources} />}
          {instructor}
        </div>

        <aside aria-labelledby="all-lectures-title" className="flex flex-col gap-4">
          {asideTop}
          <LectureList
            course={course}
            progress={progress}
            byLecture={byLecture}
            activeId={stage ? null : (current?._id ?? null)}
            canOpen={canOpen}
            onChoose={(lectureId) => {
              choose(lectureId);
              onLectureChosen?.();
              // Below 1024 px the list is under the player: bring the player back into view.
              if (!(window.matchMedia?.('(min-width: 1024px)').matches ?? true)) {
                const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
                player.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
              }
            }}
            afterSection={afterSection}
            listEnd={listEnd}
          />
        </aside>
      </div>
    </div>
  );
}

export function LectureViewerSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8" aria-busy="true">
      <span className="sr-only" role="status">
        Loading lectures
      </span>
      <div className="mb-5 flex flex-col gap-2 pl-12">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-6 w-48 rounded-full" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Skeleton className="aspect-video w-full" />
        <div className="flex flex-col gap-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      </div>
    </div>
  );
}
