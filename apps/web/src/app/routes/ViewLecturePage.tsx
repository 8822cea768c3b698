import { useParams } from 'react-router';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { CourseLoadError, InstructorCard, useCourse } from '../../features/courses';
import { LectureViewer, LectureViewerSkeleton, useCourseProgress } from '../../features/learning';
import { useCurrentUser } from '../../lib/current-user';

/** The lecture viewer (spec §2 /viewlecture/{courseId}) with progress for enrolled learners. */
export default function ViewLecturePage() {
  const { courseId = '' } = useParams();
  const { user } = useCurrentUser();
  const course = useCourse(courseId);
  const enrolled = !!user?.enrolledCourses.some((c) => c._id === courseId);
  const progress = useCourseProgress(courseId, enrolled);
  usePageTitle(course.data?.title);

  if (course.isPending || (enrolled && progress.isPending)) return <LectureViewerSkeleton />;
  if (course.error || !course.data) {
    return <CourseLoadError error={course.error} back="/enrolledcourses" backLabel="My Enrolled Courses" />;
  }
  const isCreator = user?._id === course.data.creator;
  return (
    // Keyed by course: moving to another course starts again from its first lecture.
    <LectureViewer
      key={course.data._id}
      course={course.data}
      enrolled={enrolled}
      isCreator={isCreator}
      progress={enrolled ? (progress.data ?? null) : null}
      instructor={isCreator && <InstructorCard creatorId={course.data.creator} />}
    />
  );
}
