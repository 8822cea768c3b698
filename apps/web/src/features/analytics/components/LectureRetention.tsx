import { Download } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import { lectureCsvUrl, useLectureRetention } from '../api/reports';
import { formatShare } from '../lib/format';
import { ChartCard } from './ChartCard';

const RetentionChart = lazy(() => import('./RetentionChart'));

/** '4:05' / '1:02:03': a median watch time. */
const clock = (seconds: number) => {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
};

/**
 * A lecture's watch retention on its edit screen (issue #33): of the viewers who started it, the
 * share still watching at each 5 % of its length, and where viewers skipped back to watch again.
 */
export function LectureRetention({ lectureId }: { lectureId: string }) {
  const t = useT();
  const retention = useLectureRetention(lectureId);
  const title = t('analytics.retentionTitle');
  if (retention.isPending) return <Skeleton className="h-80 w-full" />;
  if (retention.isError) {
    // The lecture is gone (or not this educator's): the edit page says so already.
    if (retention.error instanceof ApiError && (retention.error.status === 404 || retention.error.status === 403)) {
      return null;
    }
    return (
      <ErrorState
        title={t('analytics.retentionFailed')}
        onRetry={() => void retention.refetch()}
        retrying={retention.isFetching}
      />
    );
  }
  const data = retention.data;
  if (data.viewers === 0) {
    return (
      <section aria-labelledby="retention-title" className="rounded-card border border-dashed border-slate-300 p-5">
        <h2 id="retention-title" className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('analytics.retentionEmpty')}</p>
      </section>
    );
  }
  const rewatched = new Map(data.rewatched.map((r) => [r.at, r.share]));
  return (
    <div className="flex flex-col gap-2">
      <ChartCard
        title={title}
        actions={
          <a
            href={lectureCsvUrl(lectureId)}
            download
            className="inline-flex items-center gap-1.5 text-sm font-medium text-ink underline underline-offset-2"
          >
            <Download size={14} aria-hidden="true" />
            {t('analytics.downloadCsv')}
          </a>
        }
        chart={
          <Suspense fallback={<Skeleton className="h-full w-full" />}>
            <RetentionChart retention={data} />
          </Suspense>
        }
        columns={[
          { header: t('analytics.point'), cell: (r) => formatShare(r.at / 100) },
          { header: t('analytics.stillWatching'), cell: (r) => formatShare(r.share), numeric: true },
          { header: t('analytics.rewatched'), cell: (r) => formatShare(rewatched.get(r.at) ?? 0), numeric: true },
        ]}
        rows={data.retention}
        rowKey={(r) => String(r.at)}
      />
      <p className="text-sm text-muted">
        {t('analytics.retentionSummary', {
          viewers: formatNumber(data.viewers),
          count: data.viewers,
          median: clock(data.medianWatchSeconds),
        })}
      </p>
    </div>
  );
}
