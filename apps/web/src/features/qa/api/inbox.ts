import type { InboxPage, QaStatus } from '@kaksha/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/qa/inbox: questions on the educator's courses, oldest first, with the unanswered count. */
export const inboxQuery = (status: QaStatus, courseId: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.qaInbox(status, courseId),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ status });
      if (courseId) params.set('courseId', courseId);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<InboxPage>(`/api/qa/inbox?${params}`, signal);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useInbox = (status: QaStatus, courseId: string | null) => useInfiniteQuery(inboxQuery(status, courseId));
