import type { Course, Lecture } from '@kaksha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { curriculumScope, layoutOf, withLayout } from './curriculum-layout';
import { refreshAfterLectureChange } from './invalidate';

export interface NewLecture {
  lectureTitle: string;
  /** The section it goes to the end of (null: before the first section); left out: the end of the course. */
  sectionId?: string | null;
}

export function useCreateLecture(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    scope: curriculumScope(courseId),
    mutationFn: ({ lectureTitle, sectionId }: NewLecture) =>
      api.post<{ lecture: Lecture; message: string }>(
        `/api/course/createlecture/${courseId}`,
        sectionId === undefined ? { lectureTitle } : { lectureTitle, sectionId },
      ),
    onSuccess: ({ lecture }) => {
      // In the list at once (a move made before the refetch must already name it).
      client.setQueryData<Course>(queryKeys.courseLectures(courseId), (course) => {
        if (!course || course.lectures.some((l) => l._id === lecture._id)) return course;
        const groups = layoutOf(course);
        const group = groups.find((g) => g._id === (lecture.sectionId ?? null)) ?? groups[groups.length - 1];
        group.lectureIds.push(lecture._id);
        return withLayout({ ...course, lectures: [...course.lectures, lecture] }, groups);
      });
      refreshAfterLectureChange(client, courseId);
    },
  });
}
