import { LEDGER_KIND_LABELS, type LedgerEntry } from '@kaksha/contracts';
import { Button } from '@/components/ui/Button';
import { Card, Skeleton } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { ErrorState } from '@/components/ui/ErrorState';
import { formatDate, formatPaise } from '@/lib/format';
import { useLedger } from '../api/earnings';

const PAYOUT_STATUS = { pending: 'Sending', processing: 'Being transferred', paid: 'Paid', failed: 'Failed' } as const;

/** Where an entry stands: held for the refund window, available, or a payout's progress. */
function status(entry: LedgerEntry) {
  if (entry.payout) {
    const tone = entry.payout.status === 'failed' ? 'red' : entry.payout.status === 'paid' ? 'green' : 'neutral';
    return <Chip tone={tone}>{PAYOUT_STATUS[entry.payout.status]}</Chip>;
  }
  if (entry.pending) return <Chip tone="brand">Pending until {formatDate(entry.availableAt)}</Chip>;
  return <Chip tone="green">Available</Chip>;
}

/** What the entry is about: the course and its document, a payout's bank reference, an adjustment's reason. */
function detail(entry: LedgerEntry) {
  const parts = [
    entry.course?.title,
    entry.document,
    entry.couponCode && `coupon ${entry.couponCode}`,
    entry.payout?.reference && `UTR ${entry.payout.reference}`,
    entry.reason,
  ];
  return parts.filter(Boolean).join(' · ');
}

function Entry({ entry }: { entry: LedgerEntry }) {
  const share = entry.educatorShare;
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink">
          {LEDGER_KIND_LABELS[entry.kind]}
          <span className="font-normal text-muted">{formatDate(entry.at)}</span>
        </p>
        <p className="truncate text-sm text-muted">{detail(entry) || '—'}</p>
        {entry.gross !== 0 && (
          <p className="text-xs text-muted">
            Paid {formatPaise(entry.gross)} · GST {formatPaise(entry.gst)} · Platform fee{' '}
            {formatPaise(entry.platformFee)}
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
  const ledger = useLedger();
  const entries = ledger.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-labelledby="ledger-heading">
      <h2 id="ledger-heading" className="mb-3 text-lg font-semibold text-ink">
        Ledger
      </h2>
      {ledger.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : ledger.isError ? (
        <ErrorState
          title="Your ledger could not be loaded."
          onRetry={() => void ledger.refetch()}
          retrying={ledger.isFetching}
        />
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted">No sales yet: each sale, refund and payout will be listed here.</p>
      ) : (
        <Card>
          <ul className="divide-y divide-line" aria-label="Ledger entries">
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
          Show older entries
        </Button>
      )}
    </section>
  );
}
