import { type AdminRefund, type AdminRefundPage, REFUND_STATUSES } from '@kaksha/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { Select } from '@/components/ui/Field';
import { type MessageKey, useT } from '@/i18n';
import { errorMessage, serverMessage } from '@/lib/api';
import { formatDate, formatPaise } from '@/lib/format';
import { toast } from '@/lib/toast';
import { usePagedList, useRetryRefund } from '../api/admin';
import { ListState, MoreButton } from './MoreButton';

const STATUS_KEYS: Record<(typeof REFUND_STATUSES)[number], MessageKey> = {
  pending: 'purchases.refundPending',
  processed: 'purchases.refundedChip',
  failed: 'purchases.refundFailed',
};

function RefundRow({ refund }: { refund: AdminRefund }) {
  const t = useT();
  const retry = useRetryRefund();
  const onRetry = async () => {
    try {
      toast.success(serverMessage((await retry.mutateAsync(refund._id)).message));
    } catch (error) {
      toast.error(errorMessage(error, t('admin.refunds.retryFailed')));
    }
  };
  return (
    <li className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{refund.course.title}</p>
        <p className="truncate text-muted">
          {refund.learner?.email ?? t('admin.deletedAccount')} · {formatDate(refund.createdAt)} · “{refund.reason}”
        </p>
        <p className="text-xs text-muted">
          {refund.creditNote
            ? t('purchases.creditNote', { number: refund.creditNote.number })
            : t('admin.refunds.noCreditNote')}
          {refund.retries > 0 && ` · ${t('admin.refunds.retried', { count: refund.retries })}`}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <span className="font-semibold text-ink">{formatPaise(refund.amount)}</span>
        <Chip tone={refund.status === 'failed' ? 'red' : refund.status === 'processed' ? 'green' : 'brand'}>
          {t(STATUS_KEYS[refund.status])}
        </Chip>
        {refund.status === 'failed' && (
          <Button
            size="sm"
            busy={retry.isPending}
            onClick={() => void onRetry()}
            aria-label={t('admin.refunds.retryLabel', {
              title: refund.course.title,
              email: refund.learner?.email ?? t('admin.deletedAccount'),
            })}
          >
            {t('common.retry')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** Refunds, failed ones first on offer: the provider is asked again with a new key. */
export function RefundsPanel() {
  const t = useT();
  const [status, setStatus] = useState('failed');
  const refunds = usePagedList<AdminRefundPage>('refunds', '/api/admin/refunds', { status });
  const rows = refunds.data?.pages.flatMap((page) => page.refunds) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="w-56">
        <Select
          label={t('manage.courses.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={[
            { value: '', label: t('admin.refunds.all') },
            ...REFUND_STATUSES.map((s) => ({ value: s, label: t(STATUS_KEYS[s]) })),
          ]}
        />
      </div>
      <ListState list={refunds} empty={rows.length === 0} />
      {rows.length > 0 && (
        <Card>
          <ul className="divide-y divide-line" aria-label={t('admin.tabs.refunds')}>
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
