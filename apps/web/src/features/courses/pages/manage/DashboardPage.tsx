import type { Course } from '@kaksha/contracts';
import { lazy, Suspense } from 'react';
import { Avatar } from '@/components/ui/Avatar';
import { ButtonLink } from '@/components/ui/Button';
import { Card, Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { BackLink } from '@/components/ui/PageHeader';
import { useT } from '@/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { formatRupees } from '@/lib/format';
import { CHART_HEIGHT } from '@/lib/ui-constants';
import { useCreatorCourses } from '../../api/manage-creator-courses';
import { CourseOutcomes } from '../../components/CourseOutcomes';
import { QuestionsButton } from '../../components/QuestionsButton';

const DashboardCharts = lazy(() => import('../../components/DashboardCharts'));

/**
 * The sum of each course's `earnings`: what its learners actually paid, from the server. This is
 * spec §3's Σ price × enrolled students while prices never change, and stays true after they do.
 */
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
  const t = useT();
  const { user } = useCurrentUser();
  const { data: courses, isPending, isError, isFetching, refetch } = useCreatorCourses();
  const name = user?.name?.trim() || t('roles.educator');
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <BackLink to="/" label={t('profile.backHome')} />
      <Card className="flex flex-col items-center gap-6 p-6 text-center sm:flex-row sm:items-center sm:text-left">
        <Avatar
          name={name}
          photoUrl={user?.photoUrl}
          size={112}
          placeholder="person"
          className="border-4 border-brand-400"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h1 className="text-2xl font-bold text-ink">{t('dashboard.welcome', { name })}</h1>
          <p className="text-lg text-ink">
            {t('dashboard.totalEarning')}{' '}
            {isPending ? (
              <span
                aria-hidden="true"
                className="inline-block h-5 w-24 animate-pulse rounded bg-slate-200 align-middle"
              />
            ) : isError ? (
              // Not ₹ 0: the total is unknown until the courses load.
              <span className="font-semibold text-muted">—</span>
            ) : (
              <span className="font-semibold" data-testid="total-earning">
                {formatRupees(totalEarning(courses ?? []))}
              </span>
            )}
          </p>
          <p className="text-muted">{user?.description?.trim() || t('dashboard.tagline')}</p>
          <div className="mt-2 flex flex-wrap justify-center gap-3 sm:justify-start">
            <ButtonLink to="/courses">{t('dashboard.createCourses')}</ButtonLink>
            <QuestionsButton />
            <ButtonLink to="/educator/coupons" variant="secondary">
              {t('nav.coupons')}
            </ButtonLink>
            <ButtonLink to="/educator/analytics" variant="secondary">
              {t('analytics.title')}
            </ButtonLink>
            <ButtonLink to="/educator/search-demand" variant="secondary">
              {t('analytics.demandTitle')}
            </ButtonLink>
          </div>
        </div>
      </Card>
      {isPending ? (
        <ChartsSkeleton />
      ) : isError ? (
        <ErrorState title={t('dashboard.loadFailed')} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <>
          <Suspense fallback={<ChartsSkeleton />}>
            <DashboardCharts courses={courses ?? []} />
          </Suspense>
          <CourseOutcomes courses={courses ?? []} />
        </>
      )}
    </section>
  );
}
