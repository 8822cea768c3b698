import type { AnalyticsReport } from '@kaksha/contracts';
import { Download } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { useT } from '@/i18n';
import { reportCsvUrl, useReport } from '../api/reports';
import { type DateRange, rangeFromUrl } from '../lib/date-range';
import { DateRangeFields } from './DateRangeFields';
import { ReportFigures } from './ReportFigures';

// The chart library only for those who open a report.
const ReportCharts = lazy(() => import('./ReportCharts'));

/** Nothing happened in the range: no views, no sales, no learning. */
const quiet = (report: AnalyticsReport) =>
  report.sources.length === 0 &&
  report.quizzes.length === 0 &&
  report.days.every(
    (d) =>
      d.pageViews === 0 &&
      d.enrolments === 0 &&
      d.revenue === 0 &&
      d.refunds === 0 &&
      d.minutesWatched === 0 &&
      d.activeLearners === 0 &&
      d.completions === 0,
  );

/**
 * A course's analytics (issue #33), or with `courseId` null all the educator's courses: the dates
 * (kept in the URL: `?from=&to=`), the totals, charts with their tables, and the CSV. Today's
 * figures arrive within a minute or so (the server rolls events up into days).
 */
export function CourseReport({ courseId }: { courseId: string | null }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const range = rangeFromUrl(params);
  const report = useReport(courseId, range);
  const choose = (next: DateRange) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        p.set('from', next.from);
        p.set('to', next.to);
        return p;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <DateRangeFields range={range} onChange={choose} />
        <a
          href={reportCsvUrl(courseId, range)}
          download
          className="inline-flex w-fit items-center gap-2 rounded-lg border border-line bg-white px-3 py-2 text-sm font-medium text-ink hover:bg-surface"
        >
          <Download size={16} aria-hidden="true" />
          {t('analytics.downloadCsv')}
        </a>
      </div>
      {report.isPending ? (
        <div className="flex flex-col gap-4">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-80 w-full" />
        </div>
      ) : report.isError ? (
        <ErrorState
          title={t('analytics.loadFailed')}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : quiet(report.data) ? (
        <EmptyState title={t('analytics.emptyTitle')}>{t('analytics.emptyText')}</EmptyState>
      ) : (
        <div
          className={`flex flex-col gap-6 ${report.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={report.isPlaceholderData}
        >
          <ReportFigures totals={report.data.totals} />
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <ReportCharts report={report.data} />
          </Suspense>
        </div>
      )}
      <p className="text-xs text-muted">{t('analytics.privacyNote')}</p>
    </div>
  );
}
