import type { Notification, NotificationPage } from '@kaksha/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { NotificationBell } from './NotificationBell';

/** The browser's EventSource, driven by the test: `emit` is the server writing `event: unread`. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  listeners = new Map<string, (event: MessageEvent) => void>();
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(unreadCount: number) {
    act(() => this.listeners.get('unread')?.(new MessageEvent('unread', { data: JSON.stringify({ unreadCount }) })));
  }
}

const note = (over: Partial<Notification>): Notification => ({
  _id: 'n1',
  kind: 'answer',
  title: 'Ananya answered your question',
  body: 'How do I center a div?',
  link: '/viewlecture/c1?lecture=l1&question=q1',
  courseId: 'c1',
  read: false,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...over,
});

let notifications: Notification[];
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  FakeEventSource.opened = [];
  calls = [];
  notifications = [
    note({}),
    note({ _id: 'n2', kind: 'lecture', title: 'New lecture: Grid', body: 'CSS course', read: true, link: '/x' }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const unreadCount = notifications.filter((n) => !n.read).length;
      if (url.startsWith('/api/notifications?') || url === '/api/notifications') {
        return json({ notifications, nextCursor: null, unreadCount } satisfies NotificationPage);
      }
      if (url === '/api/notifications/read') {
        notifications = notifications.map((n) => (body.all || body.ids.includes(n._id) ? { ...n, read: true } : n));
        return json({ unreadCount: notifications.filter((n) => !n.read).length });
      }
      return json({ message: 'no route' }, 404);
    }),
  );
});

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('the notification bell', () => {
  it('shows the unread count the server streams, and each new count at once (no reload, no polling)', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderWithProviders(<NotificationBell />, { user: testUser() });
    const [stream] = FakeEventSource.opened;
    expect(stream?.url).toBe('/api/notifications/stream');
    expect(stream?.init).toEqual({ withCredentials: true });
    expect(bell()).toHaveAccessibleName('Notifications');

    stream?.emit(1);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(screen.getByTestId('unread-count')).toHaveTextContent('1');
    stream?.emit(3);
    await waitFor(() => expect(screen.getByTestId('unread-count')).toHaveTextContent('3'));
    // The stream is live: the count is never asked for.
    expect(calls).toEqual([]);
  });

  it('asks for the count every so often when the browser has no event stream', async () => {
    renderWithProviders(<NotificationBell />, { user: testUser() });
    expect(await screen.findByTestId('unread-count')).toHaveTextContent('1');
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/notifications?limit=1' });
  });

  it('opens the latest list; one is marked read alone, then all at once', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderWithProviders(<NotificationBell />, { user: testUser() });
    FakeEventSource.opened[0]?.emit(1);
    await userEvent.click(bell());
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const first = await within(panel).findByRole('link', { name: /Ananya answered your question/ });
    expect(first).toHaveTextContent('Unread: Ananya answered your question');
    expect(first).toHaveTextContent('5 minutes ago');
    expect(within(panel).getByRole('link', { name: /New lecture: Grid/ })).not.toHaveTextContent('Unread');

    await userEvent.click(within(panel).getByRole('button', { name: 'Mark as read: Ananya answered your question' }));
    await waitFor(() => expect(screen.queryByTestId('unread-count')).toBeNull());
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/notifications/read', body: { ids: ['n1'] } });
    expect(within(panel).queryByRole('button', { name: /Mark as read:/ })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

    notifications = [note({ _id: 'n3' }), ...notifications];
    FakeEventSource.opened[0]?.emit(1);
    expect(await within(panel).findAllByRole('link', { name: /Unread:/ })).toHaveLength(1);
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/notifications/read', body: { all: true } });
    await waitFor(() => expect(screen.queryByTestId('unread-count')).toBeNull());
  });

  it('following a notification goes to what it is about and marks it read', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { router } = renderWithProviders(<NotificationBell />, { user: testUser() });
    FakeEventSource.opened[0]?.emit(1);
    await userEvent.click(bell());
    await userEvent.click(await screen.findByRole('link', { name: /Ananya answered your question/ }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/viewlecture/c1?lecture=l1&question=q1',
    );
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ url: '/api/notifications/read', body: { ids: ['n1'] } }));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('is not there for a visitor, who opens no stream', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderWithProviders(<NotificationBell />, { user: null });
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    expect(FakeEventSource.opened).toEqual([]);
  });
});
