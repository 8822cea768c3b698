import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/PageHeader';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { CourseReport } from '@/features/analytics';
import { CourseLoadError, useCourse } from '@/features/courses';
import { useT } from '@/i18n';

/** One course's report, titled with the course. */
function OneCourse({ courseId }: { courseId: string }) {
  const t = useT();
  const course = useCourse(courseId);
  const title = course.data ? t('analytics.courseTitle', { title: course.data.title }) : t('analytics.title');
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} back={`/addcourses/${courseId}`} backLabel={t('viewer.backToCourse')} />
      {course.isError ? (
        <CourseLoadError error={course.error} back="/courses" backLabel={t('manage.backToCourses')} />
      ) : (
        <CourseReport courseId={courseId} />
      )}
    </>
  );
}

/** All the educator's courses together. */
function Overview() {
  const t = useT();
  usePageTitle(t('analytics.overviewTitle'));
  return (
    <>
      <PageHeader title={t('analytics.overviewTitle')} back="/dashboard" backLabel={t('manage.backToDashboard')} />
      <CourseReport courseId={null} />
    </>
  );
}

/**
 * /educator/analytics/{courseId} (issue #33): a course's analytics for its educator — who comes,
 * who buys, who stays; /educator/analytics: all their courses together.
 */
export default function CourseAnalyticsPage() {
  const { courseId } = useParams();
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:py-8">
      {courseId ? <OneCourse key={courseId} courseId={courseId} /> : <Overview />}
    </section>
  );
}
