import type { Course, Lecture, LectureCaption } from '@kaksha/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { courseLecturesQuery } from './course-lectures';
import { refreshAfterLectureChange } from './invalidate';

/** How often the lecture is asked for again while its video is queued or being processed. */
export const PROCESSING_POLL_MS = 3000;

const unsettled = (lecture: Lecture | undefined) =>
  lecture?.processing === 'queued' || lecture?.processing === 'processing';

/**
 * The lecture as its creator's lecture list has it, asked for again every few seconds while its
 * video is queued or processing (the same cache entry as the edit page's, so both show the news).
 */
export function useLectureMedia(courseId: string, lecture: Lecture) {
  const { data } = useQuery({
    ...courseLecturesQuery(courseId),
    refetchInterval: (query) =>
      unsettled(query.state.data?.lectures.find((l) => l._id === lecture._id)) ? PROCESSING_POLL_MS : false,
  });
  return data?.lectures.find((l) => l._id === lecture._id) ?? lecture;
}

/** Puts the changed lecture into the cached list at once, then refreshes every view of the course. */
function applyLecture(client: QueryClient, courseId: string, lectureId: string, change: Partial<Lecture>) {
  client.setQueryData<Course>(queryKeys.courseLectures(courseId), (old) =>
    old ? { ...old, lectures: old.lectures.map((l) => (l._id === lectureId ? { ...l, ...change } : l)) } : old,
  );
  refreshAfterLectureChange(client, courseId);
}

export interface CaptionsUpload {
  file: File;
  lang: string;
  label: string;
}

/** POST /api/course/lecturecaptions/{id} (multipart: lang, label, then the captions file). */
export function useAddCaptions(courseId: string, lectureId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, lang, label }: CaptionsUpload) => {
      const form = new FormData();
      form.append('lang', lang);
      form.append('label', label);
      form.append('captions', file);
      return api.upload<{ captions: LectureCaption[] }>(`/api/course/lecturecaptions/${lectureId}`, form);
    },
    onSuccess: ({ captions }) => applyLecture(client, courseId, lectureId, { captions }),
  });
}

/** DELETE /api/course/lecturecaptions/{id}?lang= */
export function useRemoveCaptions(courseId: string, lectureId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lang: string) =>
      api.delete<{ captions: LectureCaption[] }>(
        `/api/course/lecturecaptions/${lectureId}?lang=${encodeURIComponent(lang)}`,
      ),
    onSuccess: ({ captions }) => applyLecture(client, courseId, lectureId, { captions }),
  });
}

/** POST /api/course/retryprocessing/{id}: a failed conversion queued again. */
export function useRetryProcessing(courseId: string, lectureId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ lecture: Lecture; message: string }>(`/api/course/retryprocessing/${lectureId}`),
    onSuccess: ({ lecture }) => applyLecture(client, courseId, lectureId, { ...lecture, processingError: undefined }),
  });
}
