import type { Question } from '@kaksha/contracts';
import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '@/components/ui/useDismiss';
import { useT } from '@/i18n';
import type { MarkerGroup } from './markers';
import { formatMoment } from './moment';

/**
 * One marker on the seek bar: a question opens at a click; several asked at about the same
 * moment open a small list of them first.
 */
export function MarkerButton({ group, onOpen }: { group: MarkerGroup; onOpen: (question: Question) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  const listId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, ref);
  const [first] = group.questions;
  if (!first) return null;
  const time = formatMoment(first.timestampSec ?? 0);
  const single = group.questions.length === 1;
  // The list stays inside the player (which clips what overflows it) near either end.
  const side = group.percent < 30 ? 'left-0' : group.percent > 70 ? 'right-0' : 'left-1/2 -translate-x-1/2';
  const label = single
    ? t('qa.markerOne', { time, title: first.title })
    : t('qa.markerMany', { time, count: group.questions.length });
  return (
    <li ref={ref} className="absolute top-1/2 -translate-x-1/2 -translate-y-1/2" style={{ left: `${group.percent}%` }}>
      <button
        type="button"
        aria-label={label}
        title={label}
        aria-expanded={single ? undefined : open}
        aria-controls={single ? undefined : listId}
        onClick={() => (single ? onOpen(first) : setOpen((o) => !o))}
        className="flex size-6 items-center justify-center rounded-full hover:bg-white/15"
      >
        <span
          aria-hidden="true"
          className="flex size-3.5 items-center justify-center rounded-full bg-brand-400 text-[9px] font-bold text-ink ring-2 ring-slate-900"
        >
          {single ? '' : group.questions.length}
        </span>
      </button>
      {open && (
        <ul
          id={listId}
          className={`absolute bottom-8 z-10 w-64 max-w-[80vw] ${side} overflow-hidden rounded-lg border border-line bg-white py-1 shadow-lg`}
        >
          {group.questions.map((q) => (
            <li key={q._id}>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  onOpen(q);
                }}
                className="flex w-full gap-2 px-3 py-2 text-left text-sm text-ink hover:bg-surface"
              >
                <span className="font-mono text-xs text-muted">{formatMoment(q.timestampSec ?? 0)}</span>
                <span className="min-w-0 flex-1 break-words">{q.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
