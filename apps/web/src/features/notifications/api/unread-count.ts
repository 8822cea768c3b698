import { NOTIFICATIONS_STREAM_EVENT, type NotificationPage } from '@kaksha/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { API_URL, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** How often the count is asked for while the event stream is not open (no EventSource, a proxy that drops it). */
export const POLL_MS = 30_000;

const streams = () => typeof EventSource !== 'undefined';

/**
 * The bell's unread count, live. The server pushes it over server-sent events (`event: unread`,
 * on connecting and at every change, from whichever instance saw it; docs/notifications.md); the
 * browser reconnects a dropped stream by itself in 3 s. Only while no stream is open (none in this
 * browser, or it dropped) is the count asked for instead, every 30 s; a stream the server refused
 * is opened again after as long. A new count
 * also refreshes the list and, when it grew (an answer, say), what Q&A shows.
 */
export function useUnreadCount(enabled: boolean) {
  const client = useQueryClient();
  // Until the stream says otherwise, it is expected to work: no request of its own.
  const [down, setDown] = useState(!streams());
  const [attempt, setAttempt] = useState(0);
  const query = useQuery({
    queryKey: queryKeys.notificationsUnread,
    queryFn: async ({ signal }) => (await api.get<NotificationPage>('/api/notifications?limit=1', signal)).unreadCount,
    enabled: enabled && down,
    refetchInterval: POLL_MS,
  });

  useEffect(() => {
    if (!enabled || !streams()) return;
    const source = new EventSource(`${API_URL}/api/notifications/stream`, { withCredentials: true });
    let retry: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener(NOTIFICATIONS_STREAM_EVENT, (event) => {
      const { unreadCount } = JSON.parse((event as MessageEvent<string>).data) as { unreadCount: number };
      const before = client.getQueryData<number>(queryKeys.notificationsUnread);
      client.setQueryData(queryKeys.notificationsUnread, unreadCount);
      setDown(false);
      if (before === undefined || before === unreadCount) return;
      void client.invalidateQueries({ queryKey: queryKeys.notificationList });
      if (unreadCount > before) void client.invalidateQueries({ queryKey: queryKeys.qa });
    });
    source.onerror = () => {
      setDown(true);
      // CLOSED: the server answered with an error, and the browser will not try again by itself.
      if (source.readyState === EventSource.CLOSED) retry = setTimeout(() => setAttempt((n) => n + 1), POLL_MS);
    };
    return () => {
      clearTimeout(retry);
      source.close();
    };
  }, [enabled, client, attempt]);

  return enabled ? query.data : undefined;
}
