import { CATEGORIES, type Category, SEARCH_DEMAND_MIN_LEARNERS } from '@kaksha/contracts';
import { Download, SearchX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState, Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { Select } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { Table } from '@/components/ui/Table';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { useT } from '@/i18n';
import { formatNumber } from '@/lib/format';
import { categoryName } from '@/lib/labels';
import { searchDemandCsvUrl, useSearchDemand } from '../api/reports';
import { DateRangeFields } from '../components/DateRangeFields';
import { type DateRange, rangeFromUrl } from '../lib/date-range';

const isCategory = (value: string | null): value is Category => CATEGORIES.includes(value as Category);

/**
 * /educator/search-demand (issue #33), "What learners are looking for": what learners asked the AI
 * search for and did not find (no result, or none they opened), spelling and word-order variants
 * together, only where at least five learners asked (so no one's search can be told apart). For
 * every educator: it says what to teach next. The category and dates are kept in the URL.
 */
export default function SearchDemandPage() {
  const t = useT();
  usePageTitle(t('analytics.demandTitle'));
  const [params, setParams] = useSearchParams();
  const range = rangeFromUrl(params);
  const category = params.get('category');
  const filters = { ...range, category: isCategory(category) ? category : undefined };
  const demand = useSearchDemand(filters);
  const set = (values: Record<string, string>) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        for (const [name, value] of Object.entries(values)) {
          if (value) p.set(name, value);
          else p.delete(name);
        }
        return p;
      },
      { replace: true },
    );

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 sm:py-8">
      <PageHeader title={t('analytics.demandTitle')} back="/dashboard" backLabel={t('manage.backToDashboard')} />
      <p className="-mt-2 text-muted">{t('analytics.demandIntro', { min: SEARCH_DEMAND_MIN_LEARNERS })}</p>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="sm:w-56">
            <Select
              label={t('analytics.category')}
              value={filters.category ?? ''}
              placeholder={t('analytics.allCategories')}
              options={CATEGORIES.map((c) => ({ value: c, label: categoryName(c) }))}
              onChange={(e) => set({ category: e.target.value })}
            />
          </div>
          <DateRangeFields range={range} onChange={(next: DateRange) => set({ from: next.from, to: next.to })} />
        </div>
        <a
          href={searchDemandCsvUrl(filters)}
          download
          className="inline-flex w-fit items-center gap-2 rounded-lg border border-line bg-white px-3 py-2 text-sm font-medium text-ink hover:bg-surface"
        >
          <Download size={16} aria-hidden="true" />
          {t('analytics.downloadCsv')}
        </a>
      </div>
      {demand.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : demand.isError ? (
        <ErrorState
          title={t('analytics.demandFailed')}
          onRetry={() => void demand.refetch()}
          retrying={demand.isFetching}
        />
      ) : demand.data.groups.length === 0 ? (
        <EmptyState title={t('analytics.demandEmpty')} icon={<SearchX size={40} />}>
          {t('analytics.demandEmptyText', { min: SEARCH_DEMAND_MIN_LEARNERS })}
        </EmptyState>
      ) : (
        <div className={demand.isPlaceholderData ? 'opacity-60' : undefined} aria-busy={demand.isPlaceholderData}>
          <Table
            caption={t('analytics.demandCaption')}
            rows={demand.data.groups}
            rowKey={(g) => g.query}
            columns={[
              {
                header: t('analytics.query'),
                cell: (g) => (
                  <div className="flex flex-col gap-1">
                    <span className="font-medium text-ink">{g.query}</span>
                    {g.variants.length > 0 && (
                      <span className="text-xs text-muted">
                        {t('analytics.variants', { variants: g.variants.join(', ') })}
                      </span>
                    )}
                  </div>
                ),
              },
              { header: t('analytics.learners'), cell: (g) => formatNumber(g.learners), className: 'text-right' },
              { header: t('analytics.searches'), cell: (g) => formatNumber(g.searches), className: 'text-right' },
              {
                header: t('analytics.results'),
                cell: (g) => formatNumber(Math.round(g.results * 10) / 10),
                className: 'text-right',
              },
            ]}
          />
        </div>
      )}
    </section>
  );
}
