import { useDeferredValue, useMemo } from 'react';
import { useParams } from 'react-router';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { track, useCourseView } from '@/features/analytics';
import {
  CourseDetails,
  CourseDetailsSkeleton,
  CourseLoadError,
  useCourse,
  useCreatorCatalog,
} from '@/features/courses';
import { CourseCheckout } from '@/features/payments';
import { QaResponseTime } from '@/features/qa';
import { CourseReviews, ReviewForm } from '@/features/reviews';
import { WishlistButton } from '@/features/wishlist';
import { useT } from '@/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { VisitorEnroll, VisitorPreview } from '../public-catalogue';

/** A row of four cards on a laptop, two rows on a tablet. */
const OTHER_COURSES_SHOWN = 8;

/**
 * Course detail (spec §2 /viewcourse/{courseId}): the course, its checkout and enrolment, how soon
 * its educator answers questions, reviews, and for its learners the review form.
 */
export default function ViewCoursePage() {
  const t = useT();
  const { courseId = '' } = useParams();
  const { user } = useCurrentUser();
  const { data: course, isPending, error } = useCourse(courseId);
  // One more than shown: this course itself is among the educator's.
  const creatorCourses = useCreatorCatalog(course?.creator, OTHER_COURSES_SHOWN + 1);
  // The educator's other courses arrive after the page is drawn, below the fold: they are drawn in
  // a transition (in slices), the page above them staying as it is meanwhile (the same element).
  const others = useDeferredValue(creatorCourses.data);
  usePageTitle(course?.title);
  const isCreator = !!course && user?._id === course.creator;
  // Only learners enrolled in the course may review it (the server's rule too).
  const enrolled = !!course && !!user?.enrolledCourses.some((c) => c._id === course._id);
  // Who comes to the course page (issue #33); its educator's own visits are not.
  useCourseView(course && !isCreator ? course._id : null);

  const details = useMemo(() => {
    if (!course) return null;
    const otherCourses = (others?.courses ?? []).filter((c) => c._id !== course._id).slice(0, OTHER_COURSES_SHOWN);
    return (
      <CourseDetails
        course={course}
        otherCourses={otherCourses}
        enroll={
          user ? (
            <CourseCheckout
              course={course}
              aside={course.isPublished && <WishlistButton courseId={course._id} look="page" />}
              onCheckoutOpen={() => track({ type: 'checkout_open', courseId: course._id })}
            />
          ) : (
            // A visitor of a public catalogue: enrolling, saving and watching start with signing up.
            <VisitorEnroll courseId={course._id} wishlist={course.isPublished} />
          )
        }
        facts={course.isPublished && <QaResponseTime courseId={course._id} />}
        reviews={<CourseReviews course={course} />}
        reviewForm={enrolled && !isCreator && <ReviewForm courseId={course._id} />}
        previewLocked={!user && <VisitorPreview />}
      />
    );
  }, [course, others, isCreator, enrolled, user]);

  if (isPending) return <CourseDetailsSkeleton />;
  if (error || !course) return <CourseLoadError error={error} back="/allcourses" backLabel={t('course.browseAll')} />;
  return details;
}
