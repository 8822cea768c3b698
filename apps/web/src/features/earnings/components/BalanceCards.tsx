import type { EarningsSummary } from '@kaksha/contracts';
import { Card } from '@/components/ui/Card';
import { useT } from '@/i18n';
import { formatDate, formatPaise } from '@/lib/format';

const BALANCES = [
  { key: 'pending', label: 'earnings.pending', hint: 'earnings.pendingHint' },
  { key: 'available', label: 'earnings.available', hint: 'earnings.availableHint' },
  { key: 'paidOut', label: 'earnings.paidOut', hint: 'earnings.paidOutHint' },
  { key: 'lifetime', label: 'earnings.lifetime', hint: 'earnings.lifetimeHint' },
] as const;

/** The four balances (lifetime = pending + available + paid out) and when the next sale is released. */
export function BalanceCards({ summary }: { summary: EarningsSummary }) {
  const t = useT();
  return (
    <section aria-labelledby="balances-heading">
      <h2 id="balances-heading" className="sr-only">
        {t('earnings.balances')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {BALANCES.map(({ key, label, hint }) => (
          <Card key={key} className="p-4">
            <dt className="text-sm font-medium text-muted">{t(label)}</dt>
            <dd className="mt-1 text-xl font-bold text-ink sm:text-2xl">{formatPaise(summary[key])}</dd>
            <dd className="mt-1 text-xs text-muted">{t(hint)}</dd>
          </Card>
        ))}
      </dl>
      <p className="mt-3 text-sm text-muted">
        {summary.nextReleaseAt
          ? `${t('earnings.nextRelease', { date: formatDate(summary.nextReleaseAt) })} `
          : `${t('earnings.nothingWaiting')} `}
        {t('earnings.payoutsFrom', { amount: formatPaise(summary.minimumPayout) })}
      </p>
    </section>
  );
}
