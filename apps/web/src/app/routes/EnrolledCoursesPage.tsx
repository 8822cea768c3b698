import { GraduationCap } from 'lucide-react';
import { ButtonLink } from '@/components/ui/Button';
import { EmptyState, Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { CourseCard, CourseCardSkeleton } from '@/features/courses';
import { ProgressBar, useEnrolledCourses, useProgressSummary } from '@/features/learning';
import { useT } from '@/i18n';

const CARD_SIZES = '(min-width: 1024px) 380px, (min-width: 640px) 45vw, 92vw';

/**
 * My Enrolled Courses (spec §2 /enrolledcourses), with each course's progress. The list comes
 * from GET /api/course/getenrolledcourses, so a course unpublished after enrolment stays here.
 */
export default function EnrolledCoursesPage() {
  const t = useT();
  usePageTitle(t('titles.enrolledCourses'));
  const courses = useEnrolledCourses();
  const enrolled = courses.data ?? [];
  const progress = useProgressSummary(enrolled.length > 0);
  const byCourse = new Map((progress.data ?? []).map((p) => [p.courseId, p]));

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <PageHeader title={t('titles.enrolledCourses')} back="/" backLabel={t('catalog.backHome')} />
      {courses.isPending ? (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <CourseCardSkeleton key={i} />
          ))}
        </div>
      ) : courses.isError ? (
        <ErrorState
          title={t('enrolled.loadFailed')}
          onRetry={() => void courses.refetch()}
          retrying={courses.isFetching}
        />
      ) : enrolled.length === 0 ? (
        <EmptyState title={t('enrolled.empty')} icon={<GraduationCap size={40} />}>
          <ButtonLink to="/allcourses" size="sm" className="mt-2">
            {t('common.browseCourses')}
          </ButtonLink>
        </EmptyState>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {enrolled.map((course, i) => {
            const p = byCourse.get(course._id);
            const started = !!p?.lastLectureId;
            return (
              <li key={course._id}>
                <CourseCard course={course} sizes={CARD_SIZES} eager={i < 3} heading="h2" showLevel>
                  <div className="min-h-[2.25rem]">
                    {p ? (
                      <ProgressBar
                        percent={p.percent}
                        label={t('enrolled.progress', { done: p.completedCount, total: p.totalLectures })}
                      />
                    ) : (
                      progress.isPending && <Skeleton className="h-8 w-full" />
                    )}
                  </div>
                  <ButtonLink
                    to={`/viewlecture/${course._id}`}
                    className="w-full"
                    aria-label={`${started ? t('enrolled.continue') : t('enroll.watchNow')}: ${course.title}`}
                  >
                    {started ? t('enrolled.continue') : t('enroll.watchNow')}
                  </ButtonLink>
                </CourseCard>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
