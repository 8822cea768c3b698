import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** Every other view of the course: the course page, the creator's list, the catalogue, enrolled courses. */
export function refreshCourseViews(client: QueryClient, courseId: string) {
  for (const queryKey of [
    queryKeys.course(courseId),
    queryKeys.creatorCourses,
    queryKeys.publishedCourses,
    queryKeys.enrolledCourses,
  ]) {
    void client.invalidateQueries({ queryKey });
  }
}

/** A lecture change shows in the lecture list, the course, the creator's list and the catalogue. */
export function refreshAfterLectureChange(client: QueryClient, courseId: string) {
  void client.invalidateQueries({ queryKey: queryKeys.courseLectures(courseId) });
  refreshCourseViews(client, courseId);
}
