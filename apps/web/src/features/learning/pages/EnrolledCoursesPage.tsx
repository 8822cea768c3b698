import { GraduationCap } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { EmptyState, Skeleton } from '../../../components/ui/Card';
import { Chip } from '../../../components/ui/Chip';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useCurrentUser } from '../../auth/api/current-user';
import { usePublishedCourses } from '../../courses/api/published-courses';
import { CourseThumbnail } from '../../courses/components/CourseThumbnail';
import { useProgressSummary } from '../api/progress';
import { ProgressBar } from '../components/ProgressBar';

const CARD_SIZES = '(min-width: 1024px) 380px, (min-width: 640px) 45vw, 92vw';

/** My Enrolled Courses (spec §2 /enrolledcourses), with each course's progress. */
export default function EnrolledCoursesPage() {
  const { user } = useCurrentUser();
  const enrolledIds = user?.enrolledCourses ?? [];
  const courses = usePublishedCourses();
  const progress = useProgressSummary(enrolledIds.length > 0);
  const byCourse = new Map((progress.data ?? []).map((p) => [p.courseId, p]));
  const enrolled = enrolledIds.flatMap((id) => courses.data?.find((c) => c._id === id) ?? []);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <PageHeader title="My Enrolled Courses" back="/" backLabel="Back to Home" />
      {enrolledIds.length === 0 ? (
        <EmptyState title="You haven’t enrolled in any course yet." icon={<GraduationCap size={40} />}>
          <ButtonLink to="/allcourses" size="sm" className="mt-2">
            Browse Courses
          </ButtonLink>
        </EmptyState>
      ) : courses.isPending ? (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {enrolledIds.slice(0, 6).map((id) => (
            <div key={id} className="overflow-hidden rounded-card border border-line" aria-hidden="true">
              <Skeleton className="aspect-video w-full rounded-none" />
              <div className="flex flex-col gap-3 p-4">
                <Skeleton className="h-5 w-4/5" />
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="h-2 w-full" />
                <Skeleton className="h-11 w-full" />
              </div>
            </div>
          ))}
        </div>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {enrolled.map((course, i) => {
            const p = byCourse.get(course._id);
            const started = !!p?.lastLectureId;
            return (
              <li key={course._id}>
                <article className="flex h-full flex-col overflow-hidden rounded-card border border-line bg-white shadow-sm">
                  <CourseThumbnail course={course} sizes={CARD_SIZES} eager={i < 3} alt="" />
                  <div className="flex flex-1 flex-col gap-3 p-4">
                    <h2 className="line-clamp-2 text-base font-semibold text-ink">{course.title}</h2>
                    <div className="flex flex-wrap gap-2">
                      <Chip>{course.category}</Chip>
                      {course.level && <Chip tone="brand">{course.level}</Chip>}
                    </div>
                    <div className="mt-auto min-h-[2.25rem]">
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
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
