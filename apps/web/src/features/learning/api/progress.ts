import { useQuery } from '@tanstack/react-query';
import { API_URL, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface LectureProgress {
  lectureId: string;
  positionSeconds: number;
  completed: boolean;
  updatedAt: string;
}

export interface ProgressSummary {
  courseId: string;
  completedCount: number;
  totalLectures: number;
  /** Whole percent of the course's lectures completed. */
  percent: number;
  /** Where "Continue" resumes; null before the first lecture. */
  lastLectureId: string | null;
}

export interface CourseProgress extends ProgressSummary {
  lectures: LectureProgress[];
}

export interface SaveProgressInput {
  positionSeconds: number;
  duration?: number;
  /** true marks the lecture completed, false un-marks it. */
  completed?: boolean;
}

/** Per-lecture progress in one course; only for learners enrolled in it (others get 403). */
export function useCourseProgress(courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.progress(courseId),
    queryFn: () => api.get<CourseProgress>(`/api/progress/${courseId}`),
    enabled,
    staleTime: 0,
  });
}

/** One summary row per enrolled course, for the "My Enrolled Courses" cards. */
export function useProgressSummary(enabled = true) {
  return useQuery({
    queryKey: queryKeys.progressAll,
    queryFn: () => api.get<ProgressSummary[]>('/api/progress'),
    enabled,
    staleTime: 0,
  });
}

export const saveProgress = (lectureId: string, input: SaveProgressInput) =>
  api.post<LectureProgress & { courseId: string }>(`/api/progress/${lectureId}`, input);

/**
 * Saves while the page is going away (tab closed, reload, navigation): a keepalive request
 * outlives the page, unlike an ordinary fetch. Same origin, so the session cookie goes along.
 */
export function saveProgressOnExit(lectureId: string, input: SaveProgressInput) {
  try {
    void fetch(`${API_URL}/api/progress/${lectureId}`, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    }).catch(() => {});
  } catch {
    // Nothing else can be done while the page unloads.
  }
}
