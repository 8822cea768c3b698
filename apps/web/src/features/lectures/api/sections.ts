import type { Course, EditSectionRequest, SectionAnswer } from '@kaksha/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import {
  curriculumScope,
  type LayoutGroup,
  layoutOf,
  reorderBody,
  withLayout,
  withoutSection,
  withSectionAt,
} from './curriculum-layout';
import { refreshAfterLectureChange, refreshCourseViews } from './invalidate';

/** Rewrites the cached lecture list of the course (the creator's view) if it is loaded. */
function updateLectures(client: QueryClient, courseId: string, update: (course: Course) => Course) {
  client.setQueryData<Course>(queryKeys.courseLectures(courseId), (course) => course && update(course));
}

/** `createsection`: an empty section at the end of the course. */
export function useCreateSection(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    scope: curriculumScope(courseId),
    mutationFn: (title: string) => api.post<SectionAnswer>(`/api/course/createsection/${courseId}`, { title }),
    onSuccess: ({ message: _m, ...section }) => {
      updateLectures(client, courseId, (course) =>
        (course.sections ?? []).some((s) => s._id === section._id)
          ? course
          : { ...course, sections: [...(course.sections ?? []), section] },
      );
      refreshAfterLectureChange(client, courseId);
    },
  });
}

/** `editsection`: renames a section and/or moves it among the sections (position 0 = first). */
export function useEditSection(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    scope: curriculumScope(courseId),
    mutationFn: ({ sectionId, ...edit }: EditSectionRequest & { sectionId: string }) =>
      api.post<SectionAnswer>(`/api/course/editsection/${sectionId}`, edit),
    onSuccess: (section) => {
      updateLectures(client, courseId, (course) => {
        const groups = layoutOf(course).map((g) => (g._id === section._id ? { ...g, title: section.title } : g));
        return withLayout(course, withSectionAt(groups, section._id, section.position));
      });
      refreshAfterLectureChange(client, courseId);
    },
  });
}

/** `removesection`: its lectures move to the end of the group before it. */
export function useRemoveSection(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    scope: curriculumScope(courseId),
    mutationFn: (sectionId: string) => api.delete<{ message: string }>(`/api/course/removesection/${sectionId}`),
    onSuccess: (_answer, sectionId) => {
      updateLectures(client, courseId, (course) => withLayout(course, withoutSection(layoutOf(course), sectionId)));
      refreshAfterLectureChange(client, courseId);
    },
  });
}

/**
 * `reorderlectures` with the whole layout. The list shows the new order at once; the server's
 * answer (the creator's course view) replaces it when it is the answer to the latest change, and
 * a refused change reloads the list as stored.
 */
export function useReorderLectures(courseId: string) {
  const client = useQueryClient();
  const latest = useRef(0);
  const queryKey = queryKeys.courseLectures(courseId);
  return useMutation({
    scope: curriculumScope(courseId),
    mutationFn: (groups: LayoutGroup[]) =>
      api.post<Course>(`/api/course/reorderlectures/${courseId}`, reorderBody(groups)),
    onMutate: async (groups) => {
      const ticket = ++latest.current;
      // A load under way would put the old order back; nothing to wait for otherwise.
      if (client.isFetching({ queryKey }) > 0) await client.cancelQueries({ queryKey });
      updateLectures(client, courseId, (course) => withLayout(course, groups));
      return { ticket };
    },
    onSuccess: (course, _groups, context) => {
      if (context?.ticket === latest.current) client.setQueryData(queryKey, course);
      refreshCourseViews(client, courseId);
    },
    onError: () => {
      void client.invalidateQueries({ queryKey });
    },
  });
}
