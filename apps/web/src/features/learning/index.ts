export { enrolledCoursesQuery, useEnrolledCourses } from './api/enrolled-courses';
export { useCourseProgress, useProgressSummary } from './api/progress';
export { LectureViewer, LectureViewerSkeleton } from './components/LectureViewer';
export { ProgressBar } from './components/ProgressBar';
export type { PlaybackSample } from './components/VideoPlayer';
