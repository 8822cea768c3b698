import { useParams } from 'react-router';
import { usePageTitle } from '../../components/ui/usePageTitle';
import {
  CourseDetails,
  CourseDetailsSkeleton,
  CourseLoadError,
  useCourse,
  usePublishedCourses,
} from '../../features/courses';
import { EnrollButton } from '../../features/payments';
import { CourseReviews, ReviewForm } from '../../features/reviews';
import { useCurrentUser } from '../../lib/current-user';

/** Course detail (spec §2 /viewcourse/{courseId}): the course, enrolment and reviews. */
export default function ViewCoursePage() {
  const { courseId = '' } = useParams();
  const { user } = useCurrentUser();
  const { data: course, isPending, error } = useCourse(courseId);
  const published = usePublishedCourses();
  usePageTitle(course?.title);

  if (isPending) return <CourseDetailsSkeleton />;
  if (error || !course) return <CourseLoadError error={error} back="/allcourses" backLabel="Browse all courses" />;

  const isCreator = user?._id === course.creator;
  const otherCourses = (published.data ?? []).filter((c) => c.creator === course.creator && c._id !== course._id);
  return (
    <CourseDetails
      course={course}
      otherCourses={otherCourses}
      enroll={<EnrollButton course={course} />}
      reviews={<CourseReviews course={course} />}
      reviewForm={!isCreator && <ReviewForm courseId={course._id} />}
    />
  );
}
