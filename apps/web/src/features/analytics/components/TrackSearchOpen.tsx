import type { MouseEvent, ReactNode } from 'react';
import { track } from '../lib/track';

/**
 * Around an AI search result: opening it (a link inside, by click, Enter or middle click) records
 * `search_open` with the course and its rank, the signal that ranks later searches (issue #33).
 */
export function TrackSearchOpen({ courseId, rank, children }: { courseId: string; rank: number; children: ReactNode }) {
  const opened = (event: MouseEvent) => {
    if (event.button > 1) return;
    if (event.target instanceof Element && event.target.closest('a[href]')) {
      track({ type: 'search_open', courseId, position: rank });
    }
  };
  return (
    // display: contents — the card stays the list item's child for the grid. Keyboard activation of
    // a link is a click too, so no key handler is needed.
    <div className="contents" onClickCapture={opened} onAuxClick={opened}>
      {children}
    </div>
  );
}
