import type { Course, LectureResourcesAnswer } from '@kaksha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterLectureChange } from './invalidate';

/** Both answers carry the lecture's files after the change: into the cached lecture list at once. */
function useApplyResources(courseId: string, lectureId: string) {
  const client = useQueryClient();
  return ({ resources }: LectureResourcesAnswer) => {
    client.setQueryData<Course>(queryKeys.courseLectures(courseId), (old) =>
      old ? { ...old, lectures: old.lectures.map((l) => (l._id === lectureId ? { ...l, resources } : l)) } : old,
    );
    refreshAfterLectureChange(client, courseId);
  };
}

export interface ResourceUpload {
  file: File;
  title: string;
  onProgress?: (percent: number) => void;
}

/** POST /api/course/lectureresources/{lectureId} (multipart: title, then the file), with upload progress. */
export function useAddResource(courseId: string, lectureId: string) {
  const apply = useApplyResources(courseId, lectureId);
  return useMutation({
    mutationFn: ({ file, title, onProgress }: ResourceUpload) => {
      const form = new FormData();
      if (title) form.append('title', title);
      form.append('file', file);
      return api.upload<LectureResourcesAnswer>(`/api/course/lectureresources/${lectureId}`, form, { onProgress });
    },
    onSuccess: apply,
  });
}

/** DELETE /api/course/lectureresources/{lectureId}/{resourceId} */
export function useRemoveResource(courseId: string, lectureId: string) {
  const apply = useApplyResources(courseId, lectureId);
  return useMutation({
    mutationFn: (resourceId: string) =>
      api.delete<LectureResourcesAnswer>(`/api/course/lectureresources/${lectureId}/${resourceId}`),
    onSuccess: apply,
  });
}
