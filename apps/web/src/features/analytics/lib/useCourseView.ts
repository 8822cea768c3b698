import { useEffect } from 'react';
import { trackCourseView } from './track';

/** Records the course page's view once per course shown (`null`: nothing to record, e.g. the creator's own). */
export function useCourseView(courseId: string | null) {
  useEffect(() => {
    if (courseId) trackCourseView(courseId);
  }, [courseId]);
}
