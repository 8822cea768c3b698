import type { Course } from '@kaksha/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a save (spec §4): a published course is added to or replaced in the public list,
 * an unpublished one removed; the creator's list and the course itself are refreshed.
 */
export function applySavedCourse(client: QueryClient, course: Course) {
  client.setQueryData<Course[]>(queryKeys.publishedCourses, (list) => {
    if (!list) return list;
    const others = list.filter((c) => c._id !== course._id);
    if (!course.isPublished) return others;
    const { enrolledStudents: _s, enrolledCount: _c, earnings: _e, ...publicView } = course;
    const at = list.findIndex((c) => c._id === course._id);
    if (at === -1) return [publicView, ...others];
    const next = [...list];
    next[at] = { ...list[at], ...publicView };
    return next;
  });
  client.setQueryData<Course[]>(queryKeys.creatorCourses, (list) =>
    list?.map((c) => (c._id === course._id ? course : c)),
  );
  client.setQueryData(queryKeys.course(course._id), course);
  void client.invalidateQueries({ queryKey: queryKeys.publishedCourses });
  void client.invalidateQueries({ queryKey: queryKeys.creatorCourses });
  void client.invalidateQueries({ queryKey: queryKeys.enrolledCourses });
  // An unpublished course's reviews leave the landing page's testimonials.
  if (!course.isPublished) void client.invalidateQueries({ queryKey: queryKeys.allReviews });
}

/** After a course is deleted: gone from every list. */
export function applyRemovedCourse(client: QueryClient, courseId: string) {
  const drop = (list: Course[] | undefined) => list?.filter((c) => c._id !== courseId);
  client.setQueryData<Course[]>(queryKeys.publishedCourses, drop);
  client.setQueryData<Course[]>(queryKeys.creatorCourses, drop);
  client.removeQueries({ queryKey: queryKeys.course(courseId) });
  client.removeQueries({ queryKey: queryKeys.courseLectures(courseId) });
  void client.invalidateQueries({ queryKey: queryKeys.publishedCourses });
  void client.invalidateQueries({ queryKey: queryKeys.creatorCourses });
  void client.invalidateQueries({ queryKey: queryKeys.enrolledCourses });
  void client.invalidateQueries({ queryKey: queryKeys.allReviews });
}
