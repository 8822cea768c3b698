import { ANALYTICS_BATCH_MAX, type AnalyticsEvent } from '@kaksha/contracts';

/** The server refuses a call with more (400), so a bigger queue goes out in several calls. */
export const MAX_EVENTS_PER_CALL = ANALYTICS_BATCH_MAX;
/** How long an event waits for others before its batch is sent. */
export const FLUSH_EVERY_MS = 5000;
/**
 * Beyond this many unsent events (the server unreachable for a while) new ones are dropped: the
 * figures lose a little, the page never grows a backlog.
 */
export const MAX_QUEUED = 500;

type PrivacyNavigator = Navigator & { globalPrivacyControl?: boolean };

/**
 * Whether the browser asks not to be tracked (Do Not Track or Global Privacy Control): then nothing
 * is sent at all. The server honours the headers as well; not sending saves it the request.
 */
export function trackingRefused(nav: PrivacyNavigator | undefined = globalThis.navigator) {
  if (!nav) return true;
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

export interface EventSender {
  /** Queues an event; never throws and never waits. */
  track(event: AnalyticsEvent): void;
  /** Sends what is queued now; `leaving` when the page is being hidden (a beacon outlives it). */
  flush(leaving?: boolean): void;
  /** Drops what is queued and stops listening for the page being hidden (tests). */
  stop(): void;
}

/**
 * A batching sender for POST /api/events: events wait up to `everyMs` (or until 50 are queued) and
 * go out together; when the page is hidden (tab switched, closed, phone locked) the queue leaves
 * with `navigator.sendBeacon`, which the browser delivers after the page is gone. Analytics is
 * best effort: a failed call is not retried and no error ever reaches the interface.
 */
export function createEventSender({ url, everyMs = FLUSH_EVERY_MS }: { url: string; everyMs?: number }): EventSender {
  const queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let listening = false;

  const post = (events: AnalyticsEvent[], leaving: boolean) => {
    const body = JSON.stringify({ events });
    if (leaving && typeof navigator.sendBeacon === 'function') {
      try {
        // false: the browser would not queue it (too large, too many): fall through to fetch.
        if (navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
      } catch {
        // A browser that refuses the beacon outright: fetch below.
      }
    }
    try {
      fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body,
        // The page may be going away: the request outlives it.
        keepalive: leaving,
      }).catch(() => {});
    } catch {
      // No fetch at all (a very old browser): nothing is sent.
    }
  };

  const flush = (leaving = false) => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    while (queue.length > 0) post(queue.splice(0, MAX_EVENTS_PER_CALL), leaving);
  };

  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush(true);
  };
  const onPageHide = () => flush(true);

  const listen = () => {
    if (listening || typeof document === 'undefined') return;
    listening = true;
    // On the window, where the document's event arrives last: the player's own listener on the
    // document has queued its last heartbeat by then.
    window.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
  };

  return {
    track(event) {
      try {
        if (trackingRefused() || queue.length >= MAX_QUEUED) return;
        listen();
        queue.push(event);
        if (queue.length >= MAX_EVENTS_PER_CALL) flush();
        else timer ??= setTimeout(() => flush(), everyMs);
      } catch {
        // Never into the interface.
      }
    },
    flush,
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      queue.length = 0;
      if (!listening) return;
      listening = false;
      window.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    },
  };
}
