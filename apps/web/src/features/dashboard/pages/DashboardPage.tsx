import { CHART_HEIGHT, type Course } from '@kaksha/contracts';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/Button';
import { Card, Skeleton } from '../../../components/ui/Card';
import { formatRupees } from '../../../lib/format';
import { useCurrentUser } from '../../auth/api/current-user';
import { useDashboardCourses } from '../api/creator-courses';
import { PersonPlaceholder } from '../components/PersonPlaceholder';

const DashboardCharts = lazy(() => import('../components/DashboardCharts'));

/** Spec §3: Σ price × enrolled students (the server computes each course's share). */
const totalEarning = (courses: Course[]) =>
  courses.reduce((sum, c) => sum + (c.earnings ?? (c.price ?? 0) * (c.enrolledCount ?? 0)), 0);

function ChartsSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {[0, 1].map((i) => (
        <Card key={i} className="p-5">
          <Skeleton className="mb-4 h-6 w-48" />
          <div style={{ height: CHART_HEIGHT }} className="animate-pulse rounded-lg bg-slate-100" />
        </Card>
      ))}
    </div>
  );
}

export default function DashboardPage() {
  const { user } = useCurrentUser();
  const { data: courses, isPending } = useDashboardCourses();
  const name = user?.name?.trim() || 'Educator';
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <div>
        <Link to="/" aria-label="Back to home" className="inline-flex rounded-full p-2 text-ink hover:bg-surface">
          <ArrowLeft size={22} aria-hidden="true" />
        </Link>
      </div>
      <Card className="flex flex-col items-center gap-6 p-6 text-center sm:flex-row sm:items-center sm:text-left">
        {user?.photoUrl ? (
          <img
            src={user.photoUrl}
            alt={name}
            width={112}
            height={112}
            className="size-28 shrink-0 rounded-full border-4 border-brand-400 object-cover"
          />
        ) : (
          <PersonPlaceholder className="size-28 shrink-0" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h1 className="text-2xl font-bold text-ink">Welcome, {name}</h1>
          <p className="text-lg text-ink">
            Total Earning :{' '}
            {isPending ? (
              <span
                aria-hidden="true"
                className="inline-block h-5 w-24 animate-pulse rounded bg-slate-200 align-middle"
              />
            ) : (
              <span className="font-semibold" data-testid="total-earning">
                {formatRupees(totalEarning(courses ?? []))}
              </span>
            )}
          </p>
          <p className="text-muted">
            {user?.description?.trim() || 'Start creating amazing courses for your students!'}
          </p>
          <div>
            <ButtonLink to="/courses" className="mt-2">
              Create Courses
            </ButtonLink>
          </div>
        </div>
      </Card>
      {isPending ? (
        <ChartsSkeleton />
      ) : (
        <Suspense fallback={<ChartsSkeleton />}>
          <DashboardCharts courses={courses ?? []} />
        </Suspense>
      )}
    </section>
  );
}
