import { useEffect, useRef } from 'react';

/** What to focus once the list shows a moved item where it went (it may be drawn anew there). */
export interface FocusRequest {
  /** The item's `data-focus-scope` ('lecture:<id>', 'section:<id>'). */
  scope: string;
  /** Its `data-at` where it went: the focus waits until the item is drawn there. */
  at: string;
  /** The `data-control`s to try, in order: the first one enabled gets the focus. */
  controls: string[];
}

/**
 * After a move, the moved item's control gets the focus back where the item is drawn now: `root`
 * goes on the list, `requestFocus` is called with the move, and every render of the list checks
 * whether the item has arrived.
 */
export function useFocusRequest() {
  const root = useRef<HTMLDivElement>(null);
  const pending = useRef<FocusRequest | null>(null);

  useEffect(() => {
    const request = pending.current;
    if (!request || !root.current) return;
    const item = root.current.querySelector<HTMLElement>(`[data-focus-scope="${CSS.escape(request.scope)}"]`);
    if (item?.dataset.at !== request.at) return;
    pending.current = null;
    for (const control of request.controls) {
      const el = item.querySelector<HTMLButtonElement>(`[data-control="${control}"]`);
      if (el && !el.disabled) {
        el.focus();
        return;
      }
    }
  });

  const requestFocus = (request: FocusRequest) => {
    pending.current = request;
  };

  return { root, requestFocus };
}
