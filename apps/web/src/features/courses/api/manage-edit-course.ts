import type { Course } from '@kaksha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { applySavedCourse } from './manage-cache';

/** The edit form's fields; prices as typed (an empty list price removes it). */
export interface CourseFields {
  title: string;
  subTitle: string;
  description: string;
  category: string;
  level: string;
  /** A code of LANGUAGE_CODES. */
  language: string;
  price: string;
  listPrice: string;
  thumbnail?: File | null;
}

/** A save (the fields), a publish (the fields too, so what the checklist showed is what is checked), an unpublish. */
export type CourseEdit = Partial<CourseFields> & { isPublished?: boolean };

/**
 * POST /api/course/editcourse/{id} as multipart (spec §7); booleans and prices travel as strings.
 * Fields left out stay as they are.
 */
export function editCourse(courseId: string, edit: CourseEdit) {
  const form = new FormData();
  const { thumbnail, isPublished, ...text } = edit;
  for (const [name, value] of Object.entries(text)) if (value !== undefined) form.append(name, value);
  if (isPublished !== undefined) form.append('isPublished', String(isPublished));
  if (thumbnail) form.append('thumbnail', thumbnail);
  return api.post<Course>(`/api/course/editcourse/${courseId}`, form);
}

export function useEditCourse(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: CourseEdit) => editCourse(courseId, edit),
    onSuccess: (course) => applySavedCourse(client, course),
  });
}
