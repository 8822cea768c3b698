import type { EarningsSummary } from '@kaksha/contracts';
import { Card } from '@/components/ui/Card';
import { formatDate, formatPaise } from '@/lib/format';

const BALANCES = [
  { key: 'pending', label: 'Pending', hint: 'In the refund window' },
  { key: 'available', label: 'Available', hint: 'Paid out in the next run' },
  { key: 'paidOut', label: 'Paid out', hint: 'Sent to your bank' },
  { key: 'lifetime', label: 'Lifetime', hint: 'All you have earned' },
] as const;

/** The four balances (lifetime = pending + available + paid out) and when the next sale is released. */
export function BalanceCards({ summary }: { summary: EarningsSummary }) {
  return (
    <section aria-labelledby="balances-heading">
      <h2 id="balances-heading" className="sr-only">
        Balances
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {BALANCES.map(({ key, label, hint }) => (
          <Card key={key} className="p-4">
            <dt className="text-sm font-medium text-muted">{label}</dt>
            <dd className="mt-1 text-xl font-bold text-ink sm:text-2xl">{formatPaise(summary[key])}</dd>
            <dd className="mt-1 text-xs text-muted">{hint}</dd>
          </Card>
        ))}
      </dl>
      <p className="mt-3 text-sm text-muted">
        {summary.nextReleaseAt
          ? `Next release: ${formatDate(summary.nextReleaseAt)}. `
          : 'Nothing is waiting for its refund window. '}
        Payouts are made from {formatPaise(summary.minimumPayout)} available, to the account below.
      </p>
    </section>
  );
}
