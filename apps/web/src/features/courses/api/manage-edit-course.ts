import type { Course } from '@kaksha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { applySavedCourse } from './manage-cache';

export interface CourseEdit {
  title: string;
  subTitle: string;
  description: string;
  category: string;
  level: string;
  price: string;
  isPublished: boolean;
  thumbnail?: File | null;
}

/** POST /api/course/editcourse/{id} as multipart (spec §7); booleans and price travel as strings. */
export function editCourse(courseId: string, edit: CourseEdit) {
  const form = new FormData();
  form.append('title', edit.title);
  form.append('subTitle', edit.subTitle);
  form.append('description', edit.description);
  form.append('category', edit.category);
  form.append('level', edit.level);
  form.append('price', edit.price);
  form.append('isPublished', String(edit.isPublished));
  if (edit.thumbnail) form.append('thumbnail', edit.thumbnail);
  return api.post<Course>(`/api/course/editcourse/${courseId}`, form);
}

export function useEditCourse(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: CourseEdit) => editCourse(courseId, edit),
    onSuccess: (course) => applySavedCourse(client, course),
  });
}
