import type { Lecture } from '@kaksha/contracts';
import { CircleCheck, CirclePlay, Lock } from 'lucide-react';
import { useT } from '@/i18n';
import type { LectureProgress } from '../../api/progress';
import { formatClock } from '../format-clock';

/** A lecture of the list: chosen for the player when watchable, with its progress. */
export function LectureListItem({
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
  const t = useT();
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
          {resumeAt !== null && (
            <span className="text-xs opacity-80">{t('viewer.stoppedAt', { at: formatClock(resumeAt) })}</span>
          )}
        </span>
        {!watchable ? (
          <Lock size={16} role="img" aria-label={t('course.locked')} />
        ) : done ? (
          <CircleCheck
            size={18}
            role="img"
            aria-label={t('viewer.completed')}
            className={active ? 'text-green-300' : 'text-green-700'}
          />
        ) : (
          <CirclePlay size={18} aria-hidden="true" />
        )}
      </button>
    </li>
  );
}
