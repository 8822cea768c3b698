import type { AnalyticsReport, LectureRetention, SearchDemand } from '@kaksha/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_URL, api } from '@/lib/api';
import type { DateRange } from '../lib/date-range';

// Only this feature reads or changes these answers, so their keys stay here (not lib/query-keys).
const KEY = 'analytics';

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** A course's report, or with no course the overview of all the educator's courses. */
const reportPath = (courseId: string | null, range: DateRange, format?: 'csv') =>
  `${courseId ? `/api/analytics/course/${encodeURIComponent(courseId)}` : '/api/analytics/overview'}${query({ ...range, format })}`;

/** GET /api/analytics/course/{courseId} (or /overview): days, totals, sources, quizzes. */
export const reportQuery = (courseId: string | null, range: DateRange) =>
  queryOptions({
    queryKey: [KEY, 'report', courseId ?? 'all', range.from, range.to],
    queryFn: ({ signal }) => api.get<AnalyticsReport>(reportPath(courseId, range), signal),
  });
// A new date range keeps the old figures on screen until the new ones arrive.
export const useReport = (courseId: string | null, range: DateRange, enabled = true) =>
  useQuery({ ...reportQuery(courseId, range), enabled, placeholderData: keepPreviousData });

/** The same report as CSV (the session cookie says whose). */
export const reportCsvUrl = (courseId: string | null, range: DateRange) =>
  `${API_URL}${reportPath(courseId, range, 'csv')}`;

const lecturePath = (lectureId: string, format?: 'csv') =>
  `/api/analytics/lecture/${encodeURIComponent(lectureId)}${query({ format })}`;

/** GET /api/analytics/lecture/{lectureId}: viewers, median watch time, retention per 5 %. */
export const lectureRetentionQuery = (lectureId: string) =>
  queryOptions({
    queryKey: [KEY, 'lecture', lectureId],
    queryFn: ({ signal }) => api.get<LectureRetention>(lecturePath(lectureId), signal),
  });
export const useLectureRetention = (lectureId: string) => useQuery(lectureRetentionQuery(lectureId));
export const lectureCsvUrl = (lectureId: string) => `${API_URL}${lecturePath(lectureId, 'csv')}`;

export interface DemandFilters extends DateRange {
  category?: string;
}
const demandPath = (filters: DemandFilters, format?: 'csv') =>
  `/api/analytics/search-demand${query({ category: filters.category, from: filters.from, to: filters.to, format })}`;

/** GET /api/analytics/search-demand: what learners searched for and did not find (groups of 5+ learners). */
export const searchDemandQuery = (filters: DemandFilters) =>
  queryOptions({
    queryKey: [KEY, 'search-demand', filters.category ?? '', filters.from, filters.to],
    queryFn: ({ signal }) => api.get<SearchDemand>(demandPath(filters), signal),
  });
export const useSearchDemand = (filters: DemandFilters, enabled = true) =>
  useQuery({ ...searchDemandQuery(filters), enabled, placeholderData: keepPreviousData });
export const searchDemandCsvUrl = (filters: DemandFilters) => `${API_URL}${demandPath(filters, 'csv')}`;
