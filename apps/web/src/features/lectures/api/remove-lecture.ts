import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterLectureChange } from './invalidate';

export function useRemoveLecture(courseId: string, lectureId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(`/api/course/removelecture/${lectureId}`),
    onSuccess: () => refreshAfterLectureChange(client, courseId),
  });
}
