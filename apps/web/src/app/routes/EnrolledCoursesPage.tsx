import { GraduationCap } from 'lucide-react';
import { ButtonLink } from '@/components/ui/Button';
import { EmptyState, Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { CourseCard, CourseCardSkeleton } from '@/features/courses';
import { ProgressBar, useEnrolledCourses, useProgressSummary } from '@/features/learning';

const CARD_SIZES = '(min-width: 1024px) 380px, (min-width: 640px) 45vw, 92vw';

/**
 * My Enrolled Courses (spec §2 /enrolledcourses), with each course's progress. The list comes
 * from GET /api/course/getenrolledcourses, so a course unpublished after enrolment stays here.
 */
export default function EnrolledCoursesPage() {
  usePageTitle('My Enrolled Courses');
  const courses = useEnrolledCourses();
  const enrolled = courses.data ?? [];
  const progress = useProgressSummary(enrolled.length > 0);
  const byCourse = new Map((progress.data ?? []).map((p) => [p.courseId, p]));

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <PageHeader title="My Enrolled Courses" back="/" backLabel="Back to Home" />
      {courses.isPending ? (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <CourseCardSkeleton key={i} />
          ))}
        </div>
      ) : courses.isError ? (
        <ErrorState
          title="Could not load your courses. Check your connection and try again."
          onRetry={() => void courses.refetch()}
          retrying={courses.isFetching}
        />
      ) : enrolled.length === 0 ? (
        <EmptyState title="You haven’t enrolled in any course yet." icon={<GraduationCap size={40} />}>
          <ButtonLink to="/allcourses" size="sm" className="mt-2">
            Browse Courses
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
                      <ProgressBar percent={p.percent} label={`${p.completedCount} of ${p.totalLectures} lectures`} />
                    ) : (
                      progress.isPending && <Skeleton className="h-8 w-full" />
                    )}
                  </div>
                  <ButtonLink
                    to={`/viewlecture/${course._id}`}
                    className="w-full"
                    aria-label={`${started ? 'Continue' : 'Watch Now'}: ${course.title}`}
                  >
                    {started ? 'Continue' : 'Watch Now'}
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
