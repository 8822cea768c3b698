import type { Question } from '@kaksha/contracts';
import { Play } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/Button';
import { useT } from '@/i18n';
import { formatMoment } from './moment';
import type { PlayerLike } from './player';

/** Where in the course a question was asked. */
export interface Place {
  /** The lecture the player shows (its moments can be played at once). */
  currentLectureId?: string | null;
  player?: PlayerLike;
  /** Shows another lecture of the course in the viewer. */
  onShowLecture?: (lectureId: string) => void;
}

/**
 * The lecture and moment a question is about: "Play from 0:42" in the lecture being watched,
 * else a way to that lecture (in the viewer, or from the inbox a link to it).
 */
export function MomentLink({ question, currentLectureId, player, onShowLecture }: { question: Question } & Place) {
  const t = useT();
  const { lectureId, timestampSec: at, lectureTitle } = question;
  if (!lectureId) return null;
  const time = at === null ? null : formatMoment(at);
  const label = time
    ? t('qa.inLectureAt', { lecture: lectureTitle ?? '', time })
    : t('qa.inLecture', { lecture: lectureTitle ?? '' });
  const look = buttonClass('secondary', 'sm', 'max-w-full');
  const icon = <Play size={14} aria-hidden="true" className="shrink-0" />;
  const text = <span className="truncate">{label}</span>;
  if (lectureId === currentLectureId && player && at !== null) {
    return (
      <button type="button" className={look} onClick={() => player.seek(at)}>
        {icon}
        <span className="truncate">{t('qa.playFrom', { time: formatMoment(at) })}</span>
      </button>
    );
  }
  if (lectureId === currentLectureId) return <p className="text-sm text-muted">{label}</p>;
  if (onShowLecture) {
    return (
      <button type="button" className={look} onClick={() => onShowLecture(lectureId)}>
        {icon}
        {text}
      </button>
    );
  }
  const to = `/viewlecture/${question.courseId}?lecture=${lectureId}&question=${question._id}`;
  return (
    <Link to={to} className={look}>
      {icon}
      {text}
    </Link>
  );
}
