import type { Course, Lecture } from '@kaksha/contracts';
import { type ReactNode, useRef } from 'react';
import type { CourseProgress } from '../api/progress';
import { LectureDetails, type ViewerTab } from './lecture-viewer/LectureDetails';
import { LectureList } from './lecture-viewer/LectureList';
import { LectureStage, LectureTitleBar } from './lecture-viewer/LectureStage';
import { useLectureSelection } from './lecture-viewer/useLectureSelection';
import { useMarkComplete } from './lecture-viewer/useMarkComplete';
import { type PlayerControl, usePlayerControl } from './lecture-viewer/usePlayerControl';
import { PreviewNote, ViewerHeader } from './lecture-viewer/ViewerHeader';
import type { PlaybackSample } from './VideoPlayer';

export { LectureViewerSkeleton } from './lecture-viewer/LectureViewerSkeleton';

/**
 * The lecture viewer of /viewlecture/{courseId} (spec §2): the player, Mark as complete and the
 * lecture list, with progress for an enrolled learner. `instructor` is shown under the player.
 * Slots for what other features add: `stage` takes the player's place (a quiz) until a lecture
 * is chosen (`onLectureChosen`), `afterSection` and `listEnd` add to the lecture list, and
 * `asideTop` goes above it. `lectureId` (the URL's) chooses the lecture shown, `onLectureChosen`
 * hears the learner's choice; `tab` adds a tab under the player (open while `tabOpen`) and
 * `timeline` draws along the video's timeline, both with the player's control. `onPlayback` hears
 * the current lecture's playback (its start, every 15 s played: the educator's analytics).
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
  lectureId,
  tab,
  tabOpen = false,
  onTabOpenChange,
  timeline,
  onPlayback,
}: {
  course: Course;
  enrolled: boolean;
  isCreator: boolean;
  progress: CourseProgress | null;
  instructor?: ReactNode;
  stage?: ReactNode;
  onLectureChosen?: (lectureId: string) => void;
  afterSection?: (sectionId: string) => ReactNode;
  listEnd?: ReactNode;
  asideTop?: ReactNode;
  lectureId?: string | null;
  tab?: ViewerTab;
  tabOpen?: boolean;
  onTabOpenChange?: (open: boolean) => void;
  timeline?: (lecture: Lecture, duration: number, player: PlayerControl) => ReactNode;
  onPlayback?: (lecture: Lecture, sample: PlaybackSample) => void;
}) {
  const { canOpen, canWatch, current, currentProgress, byLecture, chosenByUser, choose } = useLectureSelection(course, {
    enrolled,
    isCreator,
    progress,
    requested: lectureId,
  });
  const { applySaved, marking, toggleComplete } = useMarkComplete(course._id);
  // Progress is tracked (saved, marked complete) for enrolled learners only.
  const track = enrolled;
  const player = useRef<HTMLDivElement>(null);
  const { videoRef, control } = usePlayerControl(player);

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
              slots={{
                videoRef,
                timeline: timeline && current ? (duration) => timeline(current, duration, control) : undefined,
                onPlayback: onPlayback && current ? (sample) => onPlayback(current, sample) : undefined,
              }}
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
          {current && !stage && (
            <LectureDetails
              lecture={current}
              canOpen={canOpen(current)}
              player={control}
              tab={tab}
              tabOpen={tabOpen}
              onTabOpenChange={onTabOpenChange}
            />
          )}
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
              onLectureChosen?.(lectureId);
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
