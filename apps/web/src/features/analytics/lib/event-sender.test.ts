import type { AnalyticsEvent } from '@kaksha/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createEventSender,
  type EventSender,
  FLUSH_EVERY_MS,
  MAX_EVENTS_PER_CALL,
  trackingRefused,
} from './event-sender';
import { campaign, referrerHost } from './track';

// Not the app's own address: the page (jsdom's document) is shared with the files that ran before this one
// in the worker, whose app-wide sender may still hold events and answer a hidden page too.
const URL = '/test/events';
const view = (n: number): AnalyticsEvent => ({ type: 'course_view', courseId: `c${n}` });

let fetchCalls: { url: string; init: RequestInit }[];
let beacons: { url: string; body: Blob }[];
let sender: EventSender;

/** The browser's navigator with the privacy signals and beacon a test wants. */
function browser(over: { doNotTrack?: string | null; globalPrivacyControl?: boolean; beacon?: boolean } = {}) {
  vi.stubGlobal('navigator', {
    doNotTrack: over.doNotTrack ?? null,
    globalPrivacyControl: over.globalPrivacyControl,
    sendBeacon:
      over.beacon === false
        ? undefined
        : vi.fn((url: string, body: Blob) => {
            if (url === URL) beacons.push({ url, body });
            return true;
          }),
  });
}

const sentEvents = (init: RequestInit) => (JSON.parse(String(init.body)) as { events: AnalyticsEvent[] }).events;

function hide() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

beforeEach(() => {
  vi.useFakeTimers();
  fetchCalls = [];
  beacons = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === URL) fetchCalls.push({ url, init });
      return new Response(null, { status: 202 });
    }),
  );
  browser();
  sender = createEventSender({ url: URL });
});

afterEach(() => {
  sender.stop();
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('the analytics event sender', () => {
  it('waits a few seconds and sends the events of that time in one call', () => {
    sender.track(view(1));
    sender.track(view(2));
    vi.advanceTimersByTime(FLUSH_EVERY_MS - 1);
    expect(fetchCalls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(fetchCalls).toHaveLength(1);
    expect(fetchCalls[0]?.url).toBe(URL);
    expect(fetchCalls[0]?.init).toMatchObject({ method: 'POST', credentials: 'include', keepalive: false });
    expect(sentEvents(fetchCalls[0]!.init)).toEqual([view(1), view(2)]);
    // Nothing queued: the timer does not send empty calls.
    vi.advanceTimersByTime(FLUSH_EVERY_MS * 3);
    expect(fetchCalls).toHaveLength(1);
  });

  it(`sends at most ${MAX_EVENTS_PER_CALL} events per call, at once when that many are queued`, () => {
    for (let i = 0; i < MAX_EVENTS_PER_CALL + 7; i++) sender.track(view(i));
    expect(fetchCalls).toHaveLength(1);
    expect(sentEvents(fetchCalls[0]!.init)).toHaveLength(MAX_EVENTS_PER_CALL);
    vi.advanceTimersByTime(FLUSH_EVERY_MS);
    expect(fetchCalls).toHaveLength(2);
    expect(sentEvents(fetchCalls[1]!.init).map((e) => e.courseId)).toEqual(
      Array.from({ length: 7 }, (_, i) => `c${MAX_EVENTS_PER_CALL + i}`),
    );
  });

  it('sends the queue with a beacon when the page is hidden, in calls of at most 50', async () => {
    for (let i = 0; i < 60; i++) sender.track(view(i));
    fetchCalls = [];
    for (let i = 60; i < 63; i++) sender.track(view(i));
    hide();
    expect(fetchCalls).toHaveLength(0);
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe(URL);
    expect(beacons[0]?.body.type).toBe('application/json');
    const body = JSON.parse(await beacons[0]!.body.text()) as { events: AnalyticsEvent[] };
    expect(body.events.map((e) => e.courseId)).toEqual([
      'c50',
      'c51',
      'c52',
      'c53',
      'c54',
      'c55',
      'c56',
      'c57',
      'c58',
      'c59',
      'c60',
      'c61',
      'c62',
    ]);
    // The timer went with it: nothing is sent twice.
    vi.advanceTimersByTime(FLUSH_EVERY_MS);
    expect(fetchCalls).toHaveLength(0);
  });

  it('falls back to a keepalive fetch on page hide where there is no beacon', () => {
    browser({ beacon: false });
    sender.track(view(1));
    hide();
    expect(fetchCalls).toHaveLength(1);
    expect(fetchCalls[0]?.init.keepalive).toBe(true);
  });

  it.each([
    ['Do Not Track', { doNotTrack: '1' }],
    ['Global Privacy Control', { globalPrivacyControl: true }],
  ])('sends nothing at all with %s on', (_, signal) => {
    browser(signal);
    expect(trackingRefused()).toBe(true);
    sender.track(view(1));
    vi.advanceTimersByTime(FLUSH_EVERY_MS);
    hide();
    expect(fetchCalls).toHaveLength(0);
    expect(beacons).toHaveLength(0);
  });

  it('never throws into the page: a failing network, a throwing fetch or beacon', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    sender.track(view(1));
    expect(() => vi.advanceTimersByTime(FLUSH_EVERY_MS)).not.toThrow();
    vi.stubGlobal('fetch', () => {
      throw new Error('no fetch here');
    });
    vi.stubGlobal('navigator', {
      sendBeacon: () => {
        throw new TypeError('Illegal invocation');
      },
    });
    sender.track(view(2));
    expect(() => hide()).not.toThrow();
    // A rejected promise would surface as an unhandled rejection: let it settle.
    await vi.runAllTimersAsync();
  });

  it('once stopped, sends nothing of what it had queued, neither later nor when the page is hidden', () => {
    sender.track(view(1));
    sender.stop();
    vi.advanceTimersByTime(FLUSH_EVERY_MS * 2);
    hide();
    expect(fetchCalls).toHaveLength(0);
    expect(beacons).toHaveLength(0);
  });
});

describe('where a visitor came from', () => {
  it('keeps only another site’s host', () => {
    expect(referrerHost('https://www.Google.com/search?q=kaksha', 'kaksha.in')).toBe('www.google.com');
    expect(referrerHost('https://kaksha.in/allcourses', 'kaksha.in')).toBeUndefined();
    expect(referrerHost('', 'kaksha.in')).toBeUndefined();
    expect(referrerHost('not a url', 'kaksha.in')).toBeUndefined();
  });

  it('reads the campaign from the link', () => {
    expect(campaign('?utm_source=newsletter&utm_medium=email&utm_campaign=diwali&x=1')).toEqual({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'diwali',
    });
    expect(campaign('?utm_source=%20')).toEqual({});
    expect(campaign(`?utm_campaign=${'a'.repeat(300)}`).utmCampaign).toHaveLength(100);
  });
});
