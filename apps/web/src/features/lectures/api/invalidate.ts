import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** A lecture change shows in the lecture list, the course, the creator's list and the catalogue. */
export function refreshAfterLectureChange(client: QueryClient, courseId: string) {
  for (const queryKey of [
    queryKeys.courseLectures(courseId),
    queryKeys.course(courseId),
    queryKeys.creatorCourses,
    queryKeys.publishedCourses,
    queryKeys.enrolledCourses,
  ]) {
    void client.invalidateQueries({ queryKey });
  }
}
