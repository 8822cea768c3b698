import type { Course, Lecture } from '@kaksha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CirclePlay, Lock, RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Card';
import { Chip } from '../../../components/ui/Chip';
import { Collapsible } from '../../../components/ui/Collapsible';
import { BackLink } from '../../../components/ui/PageHeader';
import { errorMessage } from '../../../lib/api';
import { curriculumGroups, lectureCountLabel } from '../../../lib/curriculum';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { type CourseProgress, type LectureProgress, saveProgress } from '../api/progress';
import { LecturePlayer } from './LecturePlayer';
import { ProgressBar } from './ProgressBar';

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
  const client = useQueryClient();
  /** Lectures the viewer may open: all for the creator and enrolled learners, else free previews. */
  const canOpen = (l: Lecture) => isCreator || enrolled || l.isPreviewFree;
  const canWatch = (l: Lecture) => !!l.videoUrl && canOpen(l);
  const [selectedId, setSelectedId] = useState<string | null>(() => {
    const resume = course.lectures.find((l) => l._id === progress?.lastLectureId && canWatch(l));
    return (resume ?? course.lectures.find(canWatch) ?? course.lectures[0])?._id ?? null;
  });
  const [chosenByUser, setChosenByUser] = useState(false);
  const [marking, setMarking] = useState(false);
  const current = course.lectures.find((l) => l._id === selectedId) ?? null;
  const byLecture = new Map((progress?.lectures ?? []).map((p) => [p.lectureId, p]));
  const currentProgress = current ? byLecture.get(current._id) : undefined;
  const track = enrolled;

  /** Keeps the cached course progress in step with what the server saved. */
  const applySaved = (saved: LectureProgress) => {
    client.setQueryData<CourseProgress>(queryKeys.progress(course._id), (old) => {
      if (!old) return old;
      const entry = { ...saved, lectureId: saved.lectureId };
      const lectures = old.lectures.some((p) => p.lectureId === saved.lectureId)
        ? old.lectures.map((p) => (p.lectureId === saved.lectureId ? entry : p))
        : [...old.lectures, entry];
      const completedCount = lectures.filter((p) => p.completed).length;
      return {
        ...old,
        lectures,
        completedCount,
        percent: old.totalLectures ? Math.round((completedCount / old.totalLectures) * 100) : 0,
        lastLectureId: saved.lectureId,
      };
    });
  };

  const toggleComplete = async () => {
    if (!current) return;
    setMarking(true);
    try {
      const saved = await saveProgress(current._id, {
        positionSeconds: currentProgress?.positionSeconds ?? 0,
        completed: !currentProgress?.completed,
      });
      applySaved(saved);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setMarking(false);
    }
  };

  const backTo = enrolled ? '/enrolledcourses' : `/viewcourse/${course._id}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <div className="mb-5 flex items-start gap-3">
        <BackLink to={backTo} label={enrolled ? 'Back to My Enrolled Courses' : 'Back to the course'} />
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-2xl font-bold leading-tight text-ink sm:text-3xl">{course.title}</h1>
          <div className="flex flex-wrap gap-2">
            <Chip>{course.category}</Chip>
            {course.level && <Chip tone="brand">{course.level}</Chip>}
          </div>
        </div>
      </div>

      {!enrolled && !isCreator && (
        <p className="mb-5 rounded-lg border border-brand-400 bg-brand-50 px-4 py-3 text-sm text-ink" role="note">
          You are previewing this course: only free preview lectures can be played.{' '}
          <Link to={`/viewcourse/${course._id}`} className="font-semibold underline">
            Enroll to unlock every lecture
          </Link>
          .
        </p>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          {stage ? (
            stage
          ) : current && canWatch(current) && current.videoUrl ? (
            <LecturePlayer
              key={current._id}
              lecture={{ ...current, videoUrl: current.videoUrl }}
              startAt={currentProgress?.positionSeconds ?? 0}
              completed={!!currentProgress?.completed}
              track={track}
              autoPlay={chosenByUser}
              onSaved={applySaved}
            />
          ) : (
            <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-card bg-slate-900 px-6 text-center text-slate-200">
              {current && !current.videoUrl ? (
                <p>This lecture has no video yet.</p>
              ) : current ? (
                <>
                  <Lock size={36} aria-hidden="true" />
                  <p>This lecture is locked. Enroll in the course to watch it.</p>
                  <ButtonLink to={`/viewcourse/${course._id}`} variant="brand" size="sm">
                    View course
                  </ButtonLink>
                </>
              ) : (
                <p>No lectures available.</p>
              )}
            </div>
          )}
          {current && !stage && (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-lg font-semibold text-ink">{current.lectureTitle}</h2>
              {track && canOpen(current) && (
                <Button
                  variant={currentProgress?.completed ? 'secondary' : 'primary'}
                  size="sm"
                  busy={marking}
                  onClick={() => void toggleComplete()}
                  icon={
                    currentProgress?.completed ? (
                      <RotateCcw size={16} aria-hidden="true" />
                    ) : (
                      <CircleCheck size={16} aria-hidden="true" />
                    )
                  }
                >
                  {currentProgress?.completed ? 'Mark as not complete' : 'Mark as complete'}
                </Button>
              )}
            </div>
          )}
          {instructor}
        </div>

        <aside aria-labelledby="all-lectures-title" className="flex flex-col gap-4">
          {asideTop}
          <section className="rounded-card border border-line bg-white p-5 shadow-sm">
            <h2 id="all-lectures-title" className="mb-3 text-xl font-bold text-ink">
              All Lectures
            </h2>
            {progress && (
              <div className="mb-4">
                <ProgressBar
                  percent={progress.percent}
                  label={`${progress.completedCount} of ${progress.totalLectures} lectures`}
                />
              </div>
            )}
            {course.lectures.length === 0 ? (
              <p className="text-sm text-muted">No lectures available.</p>
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
                          active={!stage && lecture._id === current?._id}
                          saved={byLecture.get(lecture._id)}
                          onChoose={() => {
                            setChosenByUser(true);
                            setSelectedId(lecture._id);
                            onLectureChosen?.();
                          }}
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
        </aside>
      </div>
    </div>
  );
}

/** A lecture of the list: chosen for the player when watchable, with its progress. */
function LectureListItem({
  lecture,
  number,
  watchable,
  active,
  saved,
  onChoose,
}: {
  lecture: Lecture;
  number: number;
  watchable: boolean;
  active: boolean;
  saved: LectureProgress | undefined;
  onChoose: () => void;
}) {
  const done = !!saved?.completed;
  const resumeAt = !done && saved && saved.positionSeconds >= 1 ? saved.positionSeconds : null;
  return (
    <li>
      <button
        type="button"
        disabled={!watchable}
        aria-current={active ? 'true' : undefined}
        onClick={onChoose}
        className={`flex w-full items-center gap-3 rounded-lg border px-3 py-3 text-left text-sm transition-colors ${
          active
            ? 'border-ink bg-ink text-white'
            : watchable
              ? 'border-line bg-white text-ink hover:border-ink'
              : 'cursor-not-allowed border-line bg-surface text-slate-500'
        }`}
      >
        <span className="w-6 shrink-0 text-xs font-semibold tabular-nums opacity-70">{number}.</span>
        <span className="flex flex-1 flex-col">
          {lecture.lectureTitle}
          {resumeAt !== null && <span className="text-xs opacity-80">Stopped at {formatClock(resumeAt)}</span>}
        </span>
        {!watchable ? (
          <Lock size={16} role="img" aria-label="Locked" />
        ) : done ? (
          <CircleCheck
            size={18}
            role="img"
            aria-label="Completed"
            className={active ? 'text-green-300' : 'text-green-700'}
          />
        ) : (
          <CirclePlay size={18} aria-hidden="true" />
        )}
      </button>
    </li>
  );
}

/** 75 → '1:15'. */
const formatClock = (seconds: number) => {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

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
