import type { Lecture } from '@kaksha/contracts';
import { CircleCheck, Lock, RotateCcw } from 'lucide-react';
import { Button, ButtonLink } from '@/components/ui/Button';
import { useT } from '@/i18n';
import type { LectureProgress } from '../../api/progress';
import { LecturePlayer } from '../LecturePlayer';
import type { PlayerSlots } from '../VideoPlayer';

/**
 * The player's place: the chosen lecture's video when the viewer may watch it, else why not
 * (no video yet, locked, no lectures at all). `slots` go to the player.
 */
export function LectureStage({
  courseId,
  lecture,
  watchable,
  progress,
  track,
  autoPlay,
  onSaved,
  slots,
}: {
  slots?: PlayerSlots;
  courseId: string;
  lecture: Lecture | null;
  watchable: boolean;
  progress: LectureProgress | undefined;
  track: boolean;
  autoPlay: boolean;
  onSaved: (saved: LectureProgress) => void;
}) {
  const t = useT();
  if (lecture && watchable && lecture.videoUrl) {
    return (
      <LecturePlayer
        key={lecture._id}
        lecture={{ ...lecture, videoUrl: lecture.videoUrl }}
        startAt={progress?.positionSeconds ?? 0}
        completed={!!progress?.completed}
        track={track}
        autoPlay={autoPlay}
        onSaved={onSaved}
        {...slots}
      />
    );
  }
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-card bg-slate-900 px-6 text-center text-slate-200">
      {lecture && !lecture.videoUrl ? (
        <p>{t('viewer.noVideo')}</p>
      ) : lecture ? (
        <>
          <Lock size={36} aria-hidden="true" />
          <p>{t('viewer.locked')}</p>
          <ButtonLink to={`/viewcourse/${courseId}`} variant="brand" size="sm">
            {t('viewer.viewCourse')}
          </ButtonLink>
        </>
      ) : (
        <p>{t('course.noLectures')}</p>
      )}
    </div>
  );
}

/** The lecture's title under the player, with Mark as (not) complete when `onToggle` is given. */
export function LectureTitleBar({
  title,
  completed,
  marking,
  onToggle,
}: {
  title: string;
  completed: boolean;
  marking: boolean;
  onToggle?: () => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      {onToggle && (
        <Button
          variant={completed ? 'secondary' : 'primary'}
          size="sm"
          busy={marking}
          onClick={onToggle}
          icon={completed ? <RotateCcw size={16} aria-hidden="true" /> : <CircleCheck size={16} aria-hidden="true" />}
        >
          {completed ? t('viewer.markNotComplete') : t('viewer.markComplete')}
        </Button>
      )}
    </div>
  );
}
