import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { applyRemovedCourse } from './manage-cache';

export function useRemoveCourse(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(`/api/course/removecourse/${courseId}`),
    onSuccess: () => applyRemovedCourse(client, courseId),
  });
}
