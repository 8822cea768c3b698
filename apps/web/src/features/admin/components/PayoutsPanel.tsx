import type { PayoutPage } from '@kaksha/contracts';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { formatPaise } from '@/lib/format';
import { toast } from '@/lib/toast';
import { usePagedList, usePayoutsDue, useRunPayouts } from '../api/admin';
import { ListState, MoreButton } from './MoreButton';
import { PayoutRow } from './PayoutRow';

/** Who a run would pay now, the run itself, and every payout made (manual ones marked paid here). */
export function PayoutsPanel() {
  const t = useT();
  const due = usePayoutsDue();
  const run = useRunPayouts();
  const history = usePagedList<PayoutPage>('payouts', '/api/admin/payouts');
  const rows = history.data?.pages.flatMap((page) => page.payouts) ?? [];
  const payable = due.data?.educators.filter((e) => e.hasAccount) ?? [];

  const onRun = async () => {
    try {
      const answer = await run.mutateAsync();
      const count = answer.payouts.length;
      toast.success(count === 0 ? t('admin.payouts.nobodyDue') : t('admin.payouts.inRun', { count }));
    } catch (error) {
      toast.error(errorMessage(error, t('admin.payouts.runFailed')));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="due-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="due-heading" className="text-lg font-semibold text-ink">
            {t('admin.payouts.due')}{' '}
            {due.data && (
              <span className="text-sm font-normal text-muted">
                {t('admin.payouts.dueNote', { minimum: formatPaise(due.data.minimum), provider: due.data.provider })}
              </span>
            )}
          </h2>
          <Button busy={run.isPending} onClick={() => void onRun()}>
            {t('admin.payouts.run')}
          </Button>
        </div>
        {due.isPending ? (
          <p className="text-sm text-muted">{t('admin.loading')}</p>
        ) : (due.data?.educators.length ?? 0) === 0 ? (
          <p className="text-sm text-muted">{t('admin.payouts.nobodyEnough')}</p>
        ) : (
          <Card>
            <ul className="divide-y divide-line" aria-label={t('admin.payouts.dueList')}>
              {due.data?.educators.map((row) => (
                <li key={row.educator?._id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                  <span className="min-w-0 flex-1 truncate font-medium text-ink">
                    {row.educator?.name} · {row.educator?.email}
                  </span>
                  <span className="font-semibold text-ink">{formatPaise(row.available)}</span>
                  {!row.hasAccount && <Chip tone="red">{t('admin.payouts.noAccount')}</Chip>}
                  <span className="w-full font-mono text-xs text-muted">
                    {t('admin.payouts.id', { id: row.educator?._id ?? '' })}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        )}
        {payable.length > 0 && (
          <p className="text-xs text-muted">{t('admin.payouts.willBePaid', { count: payable.length })}</p>
        )}
      </section>
      <section aria-labelledby="history-heading" className="flex flex-col gap-3">
        <h2 id="history-heading" className="text-lg font-semibold text-ink">
          {t('admin.payouts.history')}
        </h2>
        <ListState list={history} empty={rows.length === 0} />
        {rows.length > 0 && (
          <Card>
            <ul className="divide-y divide-line" aria-label={t('admin.tabs.payouts')}>
              {rows.map((payout) => (
                <PayoutRow key={payout._id} payout={payout} />
              ))}
            </ul>
          </Card>
        )}
        <MoreButton list={history} />
      </section>
    </div>
  );
}
