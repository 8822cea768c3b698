import type { Lecture } from '@kaksha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterLectureChange } from './invalidate';

export function useCreateLecture(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lectureTitle: string) =>
      api.post<{ lecture: Lecture; message: string }>(`/api/course/createlecture/${courseId}`, { lectureTitle }),
    onSuccess: () => refreshAfterLectureChange(client, courseId),
  });
}
