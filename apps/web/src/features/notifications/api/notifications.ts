import type {
  MarkReadRequest,
  NotificationPage,
  NotificationPreferences,
  UnreadCount,
  UpdatePreferencesRequest,
} from '@kaksha/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/notifications?cursor=: newest first, a page at a time. */
export const notificationsQuery = infiniteQueryOptions({
  queryKey: queryKeys.notificationList,
  queryFn: ({ pageParam, signal }) =>
    api.get<NotificationPage>(
      `/api/notifications${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      signal,
    ),
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** The list, fetched afresh whenever the bell opens (its count may have moved since). */
export const useNotifications = () => useInfiniteQuery({ ...notificationsQuery, refetchOnMount: 'always' });

/**
 * POST /api/notifications/read `{ids}` or `{all: true}`: the list shows them read at once and the
 * bell takes the server's count (the event stream then tells the user's other tabs).
 */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadRequest) => api.post<UnreadCount>('/api/notifications/read', body),
    onSuccess: ({ unreadCount }, body) => {
      client.setQueryData(queryKeys.notificationsUnread, unreadCount);
      const ids = 'ids' in body ? new Set(body.ids) : null;
      client.setQueryData<InfiniteData<NotificationPage>>(queryKeys.notificationList, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                unreadCount,
                notifications: page.notifications.map((n) => (!ids || ids.has(n._id) ? { ...n, read: true } : n)),
              })),
            }
          : data,
      );
    },
  });
}

/** GET /api/notifications/preferences: the e-mail choice per kind (defaults filled in). */
export const preferencesQuery = queryOptions({
  queryKey: queryKeys.notificationPreferences,
  queryFn: async () => (await api.get<NotificationPreferences>('/api/notifications/preferences')).preferences,
});

export const usePreferences = () => useQuery(preferencesQuery);

/** PUT /api/notifications/preferences: the kinds named change; answers every kind. */
export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePreferencesRequest) =>
      api.put<NotificationPreferences>('/api/notifications/preferences', body),
    onSuccess: ({ preferences }) => client.setQueryData(queryKeys.notificationPreferences, preferences),
  });
}
