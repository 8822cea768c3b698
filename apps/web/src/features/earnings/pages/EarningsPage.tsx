import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { useT } from '@/i18n';
import { useEarningsSummary } from '../api/earnings';
import { BalanceCards } from '../components/BalanceCards';
import { LedgerList } from '../components/LedgerList';
import { PayoutAccountForm } from '../components/PayoutAccountForm';
import { StatementDownload } from '../components/StatementDownload';

// The chart library only for those who open this page.
const EarningsChart = lazy(() => import('../components/EarningsChart'));

/**
 * /educator/earnings (issue #31): the four balances, a year by month, statements, the payout
 * account and the ledger, every sale, refund and payout, newest first.
 */
export default function EarningsPage() {
  const t = useT();
  usePageTitle(t('earnings.title'));
  const summary = useEarningsSummary();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 sm:py-8">
      <PageHeader title={t('earnings.title')} back="/dashboard" backLabel={t('manage.backToDashboard')} />
      {summary.isPending ? (
        <Skeleton className="h-28 w-full" />
      ) : summary.isError ? (
        <ErrorState
          title={t('earnings.loadFailed')}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : (
        <>
          <BalanceCards summary={summary.data} />
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <EarningsChart months={summary.data.months} />
          </Suspense>
          <StatementDownload months={summary.data.months.map((m) => m.month)} />
        </>
      )}
      <PayoutAccountForm />
      <LedgerList />
    </div>
  );
}
