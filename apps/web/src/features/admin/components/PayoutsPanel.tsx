import type { PayoutPage } from '@kaksha/contracts';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { errorMessage } from '@/lib/api';
import { formatPaise } from '@/lib/format';
import { toast } from '@/lib/toast';
import { usePagedList, usePayoutsDue, useRunPayouts } from '../api/admin';
import { ListState, MoreButton } from './MoreButton';
import { PayoutRow } from './PayoutRow';

/** Who a run would pay now, the run itself, and every payout made (manual ones marked paid here). */
export function PayoutsPanel() {
  const due = usePayoutsDue();
  const run = useRunPayouts();
  const history = usePagedList<PayoutPage>('payouts', '/api/admin/payouts');
  const rows = history.data?.pages.flatMap((page) => page.payouts) ?? [];
  const payable = due.data?.educators.filter((e) => e.hasAccount) ?? [];

  const onRun = async () => {
    try {
      const answer = await run.mutateAsync();
      const count = answer.payouts.length;
      toast.success(count === 0 ? 'Nobody is due a payout.' : `${count} payout${count === 1 ? '' : 's'} in this run.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The payout run failed. Run it again: nobody is paid twice.'));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="due-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="due-heading" className="text-lg font-semibold text-ink">
            Due{' '}
            {due.data && (
              <span className="text-sm font-normal text-muted">
                (from {formatPaise(due.data.minimum)}, via {due.data.provider})
              </span>
            )}
          </h2>
          <Button busy={run.isPending} onClick={() => void onRun()}>
            Run payouts
          </Button>
        </div>
        {due.isPending ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : (due.data?.educators.length ?? 0) === 0 ? (
          <p className="text-sm text-muted">Nobody has enough available to be paid.</p>
        ) : (
          <Card>
            <ul className="divide-y divide-line" aria-label="Educators due a payout">
              {due.data?.educators.map((row) => (
                <li key={row.educator?._id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                  <span className="min-w-0 flex-1 truncate font-medium text-ink">
                    {row.educator?.name} · {row.educator?.email}
                  </span>
                  <span className="font-semibold text-ink">{formatPaise(row.available)}</span>
                  {!row.hasAccount && <Chip tone="red">no payout account</Chip>}
                  <span className="w-full font-mono text-xs text-muted">id {row.educator?._id}</span>
                </li>
              ))}
            </ul>
          </Card>
        )}
        {payable.length > 0 && (
          <p className="text-xs text-muted">{payable.length} educator(s) will be paid by a run.</p>
        )}
      </section>
      <section aria-labelledby="history-heading" className="flex flex-col gap-3">
        <h2 id="history-heading" className="text-lg font-semibold text-ink">
          History
        </h2>
        <ListState list={history} empty={rows.length === 0} />
        {rows.length > 0 && (
          <Card>
            <ul className="divide-y divide-line" aria-label="Payouts">
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
