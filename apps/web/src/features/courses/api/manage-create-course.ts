import type { Category, Course } from '@kaksha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const createCourse = (input: { title: string; category: Category | '' }) =>
  api.post<Course>('/api/course/create', input);

export function useCreateCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: (course) => {
      client.setQueryData<Course[]>(queryKeys.creatorCourses, (list) => (list ? [course, ...list] : list));
      client.setQueryData(queryKeys.course(course._id), course);
      void client.invalidateQueries({ queryKey: queryKeys.creatorCourses });
    },
  });
}
