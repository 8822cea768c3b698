import type { QaSort, QaStats, QaStatus, Question, QuestionDetail, QuestionPage } from '@kaksha/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface QuestionFilters {
  /** One lecture's questions, or the whole course's. */
  lectureId: string | null;
  status: QaStatus;
  sort: QaSort;
  /** A search (the AI search's engine: words, typos, Hinglish); the best matches first. */
  q: string;
  limit?: number;
}

const enc = encodeURIComponent;

function listPath(courseId: string, f: QuestionFilters, cursor: string) {
  const params = new URLSearchParams({ status: f.status, sort: f.sort });
  if (f.lectureId) params.set('lectureId', f.lectureId);
  if (f.q) params.set('q', f.q);
  if (f.limit) params.set('limit', String(f.limit));
  if (cursor) params.set('cursor', cursor);
  return `/api/qa/course/${enc(courseId)}?${params}`;
}

/** GET /api/qa/course/{id}: featured first, then newest or most voted; keyset pages. */
export const questionsQuery = (courseId: string, filters: QuestionFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.qaQuestions(courseId, filters),
    queryFn: ({ pageParam, signal }) => api.get<QuestionPage>(listPath(courseId, filters, pageParam), signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useQuestions = (courseId: string, filters: QuestionFilters, enabled = true) =>
  useInfiniteQuery({ ...questionsQuery(courseId, filters), enabled });

/** The most questions one lecture's seek bar marks (four of the server's largest pages). */
export const MARKERS_MAX = 200;
const MARKER_PAGE = 50;

/** A lecture's questions asked at a moment of it, for the markers on the player's seek bar. */
export const markersQuery = (courseId: string, lectureId: string) =>
  queryOptions({
    queryKey: queryKeys.qaMarkers(courseId, lectureId),
    queryFn: async ({ signal }) => {
      const filters: QuestionFilters = { lectureId, status: 'all', sort: 'recent', q: '', limit: MARKER_PAGE };
      const found: Question[] = [];
      let cursor = '';
      do {
        const page = await api.get<QuestionPage>(listPath(courseId, filters, cursor), signal);
        found.push(...page.questions);
        cursor = page.nextCursor ?? '';
      } while (cursor && found.length < MARKERS_MAX);
      return found.filter((q) => q.timestampSec !== null);
    },
  });

export const useMarkers = (courseId: string, lectureId: string) => useQuery(markersQuery(courseId, lectureId));

/** GET /api/qa/question/{id}: the question, its answers (the accepted one first) and who the viewer is. */
export const questionQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.qaQuestion(id),
    queryFn: ({ signal }) => api.get<QuestionDetail>(`/api/qa/question/${enc(id)}`, signal),
  });

export const useQuestion = (id: string) => useQuery(questionQuery(id));

/** GET /api/qa/stats/{id}: the median time to the educator's first answer over 90 days (anyone). */
export const useQaStats = (courseId: string) =>
  useQuery({
    queryKey: queryKeys.qaStats(courseId),
    queryFn: ({ signal }) => api.get<QaStats>(`/api/qa/stats/${enc(courseId)}`, signal),
    staleTime: 5 * 60_000,
  });
