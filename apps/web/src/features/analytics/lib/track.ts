import type { AnalyticsEvent } from '@kaksha/contracts';
import { API_URL } from '@/lib/api';
import { createEventSender, type EventSender } from './event-sender';

/** Longest referrer host or campaign value sent (a longer one is cut, never refused by the server). */
export const MAX_CAMPAIGN_TEXT = 100;

// Made on the first event, not when the module loads: importing it has no side effects.
let sender: EventSender | null = null;

/** Records an event for the educator's analytics (batched; nothing with Do Not Track or GPC on). */
export function track(event: AnalyticsEvent) {
  if (typeof window === 'undefined') return;
  sender ??= createEventSender({ url: `${API_URL}/api/events` });
  sender.track(event);
}

/** Drops the events not sent yet (tests: one test's events never reach the next one's stubbed fetch). */
export function stopTracking() {
  sender?.stop();
  sender = null;
}

const cut = (value: string | null | undefined) => {
  const text = value?.trim();
  return text ? text.slice(0, MAX_CAMPAIGN_TEXT) : undefined;
};

/**
 * The host a visitor came from (`google.com`), only when it is another site: a link inside the app
 * is not a source. Only the host: the path of the page they came from could say who they are.
 */
export function referrerHost(referrer: string, ownHost: string) {
  if (!referrer) return undefined;
  try {
    const host = new URL(referrer).host.toLowerCase();
    return host && host !== ownHost.toLowerCase() ? cut(host) : undefined;
  } catch {
    return undefined;
  }
}

/** The campaign a link carried: `?utm_source=…&utm_medium=…&utm_campaign=…`. */
export function campaign(search: string) {
  const params = new URLSearchParams(search);
  const found = {
    utmSource: cut(params.get('utm_source')),
    utmMedium: cut(params.get('utm_medium')),
    utmCampaign: cut(params.get('utm_campaign')),
  };
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as Partial<typeof found>;
}

/** A course page's view, with where the visitor came from. */
export function trackCourseView(courseId: string) {
  const referrer = referrerHost(document.referrer, window.location.host);
  track({ type: 'course_view', courseId, ...(referrer && { referrer }), ...campaign(window.location.search) });
}
