import type { LedgerEntry } from '@kaksha/contracts';
import { Button } from '@/components/ui/Button';
import { Card, Skeleton } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { ErrorState } from '@/components/ui/ErrorState';
import { type MessageKey, translate, useT } from '@/i18n';
import { formatDate, formatPaise } from '@/lib/format';
import { useLedger } from '../api/earnings';

const PAYOUT_STATUS = {
  pending: 'earnings.payout.pending',
  processing: 'earnings.payout.processing',
  paid: 'earnings.payout.paid',
  failed: 'earnings.payout.failed',
} as const;
const KIND_LABELS: Record<LedgerEntry['kind'], MessageKey> = {
  sale: 'earnings.kind.sale',
  refund: 'earnings.kind.refund',
  payout: 'earnings.kind.payout',
  payoutReturn: 'earnings.kind.payoutReturn',
  adjustment: 'earnings.kind.adjustment',
};

/** Where an entry stands: held for the refund window, available, or a payout's progress. */
function status(entry: LedgerEntry) {
  if (entry.payout) {
    const tone = entry.payout.status === 'failed' ? 'red' : entry.payout.status === 'paid' ? 'green' : 'neutral';
    return <Chip tone={tone}>{translate(PAYOUT_STATUS[entry.payout.status])}</Chip>;
  }
  if (entry.pending) {
    return <Chip tone="brand">{translate('earnings.pendingUntil', { date: formatDate(entry.availableAt) })}</Chip>;
  }
  return <Chip tone="green">{translate('earnings.available')}</Chip>;
}

/** What the entry is about: the course and its document, a payout's bank reference, an adjustment's reason. */
function detail(entry: LedgerEntry) {
  const parts = [
    entry.course?.title,
    entry.document,
    entry.couponCode && translate('earnings.coupon', { code: entry.couponCode }),
    entry.payout?.reference && `UTR ${entry.payout.reference}`,
    entry.reason,
  ];
  return parts.filter(Boolean).join(' · ');
}

function Entry({ entry }: { entry: LedgerEntry }) {
  const t = useT();
  const share = entry.educatorShare;
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink">
          {t(KIND_LABELS[entry.kind])}
          <span className="font-normal text-muted">{formatDate(entry.at)}</span>
        </p>
        <p className="truncate text-sm text-muted">{detail(entry) || '—'}</p>
        {entry.gross !== 0 && (
          <p className="text-xs text-muted">
            {t('earnings.entryAmounts', {
              gross: formatPaise(entry.gross),
              gst: formatPaise(entry.gst),
              fee: formatPaise(entry.platformFee),
            })}
          </p>
        )}
      </div>
      <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
        <span className={`text-base font-bold ${share < 0 ? 'text-red-700' : 'text-ink'}`}>
          {share < 0 ? '−' : '+'}
          {formatPaise(Math.abs(share))}
        </span>
        {status(entry)}
      </div>
    </li>
  );
}

/** The ledger, newest first, a page at a time. */
export function LedgerList() {
  const t = useT();
  const ledger = useLedger();
  const entries = ledger.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-labelledby="ledger-heading">
      <h2 id="ledger-heading" className="mb-3 text-lg font-semibold text-ink">
        {t('earnings.ledger')}
      </h2>
      {ledger.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : ledger.isError ? (
        <ErrorState
          title={t('earnings.ledgerFailed')}
          onRetry={() => void ledger.refetch()}
          retrying={ledger.isFetching}
        />
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted">{t('earnings.noSales')}</p>
      ) : (
        <Card>
          <ul className="divide-y divide-line" aria-label={t('earnings.entries')}>
            {entries.map((entry) => (
              <Entry key={entry._id} entry={entry} />
            ))}
          </ul>
        </Card>
      )}
      {ledger.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          busy={ledger.isFetchingNextPage}
          onClick={() => void ledger.fetchNextPage()}
        >
          {t('earnings.older')}
        </Button>
      )}
    </section>
  );
}
