import type { Lecture } from '@kaksha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterLectureChange } from './invalidate';

export interface LectureEdit {
  lectureTitle: string;
  isPreviewFree: boolean;
  video: File | null;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/course/editlecture/{id} as multipart (spec §7). The fields go before the file so
 * the server reads them first; the upload reports progress and can be cancelled.
 */
export function editLecture(lectureId: string, edit: LectureEdit) {
  const form = new FormData();
  form.append('lectureTitle', edit.lectureTitle);
  form.append('isPreviewFree', String(edit.isPreviewFree));
  if (edit.video) form.append('videoUrl', edit.video);
  return api.upload<{ lecture: Lecture; message: string }>(`/api/course/editlecture/${lectureId}`, form, {
    onProgress: edit.onProgress,
    signal: edit.signal,
  });
}

export function useEditLecture(courseId: string, lectureId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: LectureEdit) => editLecture(lectureId, edit),
    onSettled: () => refreshAfterLectureChange(client, courseId),
  });
}
