import type { AnalyticsReport } from '@kaksha/contracts';
import { useT } from '@/i18n';
import { formatAmount, formatNumber } from '@/lib/format';
import { formatShare } from '../lib/format';

/** The range's totals at a glance: who came, who bought, who learnt. */
export function ReportFigures({ totals }: { totals: AnalyticsReport['totals'] }) {
  const t = useT();
  const figures = [
    [t('analytics.pageViews'), formatNumber(totals.pageViews)],
    [t('analytics.visitors'), formatNumber(totals.uniqueVisitors)],
    [t('analytics.enrolments'), formatNumber(totals.enrolments)],
    [t('analytics.conversion'), formatShare(totals.conversion)],
    [t('analytics.revenue'), formatAmount(totals.revenue)],
    [t('analytics.refunds'), formatAmount(totals.refunds)],
    [t('analytics.minutesWatched'), formatNumber(totals.minutesWatched)],
    [t('analytics.activeLearners'), formatNumber(totals.activeLearners)],
    [t('analytics.completions'), formatNumber(totals.completions)],
  ] as const;
  return (
    <section aria-labelledby="analytics-totals">
      <h2 id="analytics-totals" className="sr-only">
        {t('analytics.totals')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-1 rounded-card border border-line bg-white p-3 shadow-sm">
            <dt className="text-xs font-medium text-muted">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
