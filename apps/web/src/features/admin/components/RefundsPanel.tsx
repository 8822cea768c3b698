import { type AdminRefund, type AdminRefundPage, REFUND_STATUSES } from '@kaksha/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { Select } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api';
import { formatDate, formatPaise } from '@/lib/format';
import { toast } from '@/lib/toast';
import { usePagedList, useRetryRefund } from '../api/admin';
import { ListState, MoreButton } from './MoreButton';

const STATUSES = [
  { value: '', label: 'All refunds' },
  ...REFUND_STATUSES.map((s) => ({ value: s, label: s[0]?.toUpperCase() + s.slice(1) })),
];

function RefundRow({ refund }: { refund: AdminRefund }) {
  const retry = useRetryRefund();
  const onRetry = async () => {
    try {
      toast.success((await retry.mutateAsync(refund._id)).message);
    } catch (error) {
      toast.error(errorMessage(error, 'The refund could not be sent again.'));
    }
  };
  return (
    <li className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{refund.course.title}</p>
        <p className="truncate text-muted">
          {refund.learner?.email ?? 'deleted account'} · {formatDate(refund.createdAt)} · “{refund.reason}”
        </p>
        <p className="text-xs text-muted">
          {refund.creditNote
            ? `Credit note ${refund.creditNote.number}`
            : 'No credit note: the learner kept the course'}
          {refund.retries > 0 && ` · retried ${refund.retries}×`}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <span className="font-semibold text-ink">{formatPaise(refund.amount)}</span>
        <Chip tone={refund.status === 'failed' ? 'red' : refund.status === 'processed' ? 'green' : 'brand'}>
          {refund.status}
        </Chip>
        {refund.status === 'failed' && (
          <Button
            size="sm"
            busy={retry.isPending}
            onClick={() => void onRetry()}
            aria-label={`Retry the refund of ${refund.course.title} to ${refund.learner?.email ?? 'a deleted account'}`}
          >
            Retry
          </Button>
        )}
      </div>
    </li>
  );
}

/** Refunds, failed ones first on offer: the provider is asked again with a new key. */
export function RefundsPanel() {
  const [status, setStatus] = useState('failed');
  const refunds = usePagedList<AdminRefundPage>('refunds', '/api/admin/refunds', { status });
  const rows = refunds.data?.pages.flatMap((page) => page.refunds) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="w-56">
        <Select label="Status" value={status} onChange={(e) => setStatus(e.target.value)} options={STATUSES} />
      </div>
      <ListState list={refunds} empty={rows.length === 0} />
      {rows.length > 0 && (
        <Card>
          <ul className="divide-y divide-line" aria-label="Refunds">
            {rows.map((refund) => (
              <RefundRow key={refund._id} refund={refund} />
            ))}
          </ul>
        </Card>
      )}
      <MoreButton list={refunds} />
    </div>
  );
}
