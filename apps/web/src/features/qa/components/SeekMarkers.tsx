import { MessageCirclePlus } from 'lucide-react';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '@/i18n';
import { useMarkers } from '../api/questions';
import { MarkerButton } from './MarkerButton';
import { groupMarkers } from './markers';
import type { PlayerLike } from './player';
import { useQaUrl } from './useQaUrl';

/** An element's width, kept as it changes (0 where it cannot be measured). */
function useWidth(ref: RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Under the video, along its timeline: a marker at each moment a question was asked (a click
 * opens it in the Q&A tab) and "Ask about this moment", which pauses the video and opens the
 * form for a question about the second it shows.
 */
export function SeekMarkers({
  courseId,
  lectureId,
  duration,
  player,
}: {
  courseId: string;
  lectureId: string;
  duration: number;
  player: PlayerLike;
}) {
  const t = useT();
  const url = useQaUrl();
  const { data } = useMarkers(courseId, lectureId);
  const rail = useRef<HTMLUListElement>(null);
  const width = useWidth(rail);
  const groups = useMemo(() => groupMarkers(data ?? [], duration, width), [data, duration, width]);
  const ask = () => {
    const at = player.currentTime();
    player.pause();
    url.ask(at);
  };
  return (
    <div className="flex items-center gap-3 bg-slate-900 px-3 pt-2 text-slate-100">
      <ul
        ref={rail}
        aria-label={t('qa.markersLabel', { count: data?.length ?? 0 })}
        className="relative mx-3 h-7 flex-1 before:absolute before:inset-x-0 before:top-1/2 before:h-1 before:-translate-y-1/2 before:rounded-full before:bg-slate-600 before:content-['']"
      >
        {groups.map((g) => (
          <MarkerButton key={g.questions[0]?._id} group={g} onOpen={(q) => url.openQuestion(q._id)} />
        ))}
      </ul>
      <button
        type="button"
        onClick={ask}
        aria-label={t('qa.askMoment')}
        className="flex h-8 shrink-0 items-center gap-1.5 rounded-lg bg-brand-400 px-2.5 text-xs font-semibold text-ink hover:bg-brand-500"
      >
        <MessageCirclePlus size={16} aria-hidden="true" />
        <span className="hidden sm:inline">{t('qa.askMoment')}</span>
      </button>
    </div>
  );
}
