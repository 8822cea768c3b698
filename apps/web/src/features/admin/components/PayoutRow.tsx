import type { Payout } from '@kaksha/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Chip } from '@/components/ui/Chip';
import { TextInput } from '@/components/ui/Field';
import { type MessageKey, useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { formatDate, formatPaise } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useMarkPaid } from '../api/admin';

const TONES = { pending: 'brand', processing: 'brand', paid: 'green', failed: 'red' } as const;
const PROVIDERS: Record<string, MessageKey> = {
  sandbox: 'admin.payouts.sandbox',
  manual: 'admin.payouts.manual',
  razorpay: 'admin.payouts.razorpay',
};

/** A manual payout waiting for its transfer: the bank's UTR, once the money is sent. */
function MarkPaid({ payout }: { payout: Payout }) {
  const t = useT();
  const mark = useMarkPaid();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await mark.mutateAsync({ id: payout._id, reference });
      toast.success(t('admin.payouts.marked'));
    } catch (err) {
      setError(err instanceof ApiError ? err.fields?.reference : undefined);
      toast.error(errorMessage(err, t('admin.payouts.markFailed')));
    }
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-wrap items-end gap-2">
      <div className="w-56">
        <TextInput
          label={t('admin.payouts.utr', { name: payout.educator?.name ?? t('admin.payouts.thisPayout') })}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          error={error}
          autoComplete="off"
          spellCheck={false}
          className="uppercase"
        />
      </div>
      <Button type="submit" size="sm" busy={mark.isPending}>
        {t('admin.payouts.markPaid')}
      </Button>
    </form>
  );
}

export function PayoutRow({ payout }: { payout: Payout }) {
  const t = useT();
  const waiting = payout.provider === 'manual' && payout.status === 'processing';
  return (
    <li className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{payout.educator?.name ?? t('admin.deletedAccount')}</p>
        <p className="break-words text-muted">
          {payout.educator?.email} · •••• {payout.accountLast4} · {payout.ifsc} · {formatDate(payout.createdAt)}
        </p>
        <p className="text-xs text-muted">
          {t(PROVIDERS[payout.provider] ?? 'admin.payouts.manual')}
          {payout.reference && ` · ${payout.reference}`}
          {payout.failure && ` · ${payout.failure}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-ink">{formatPaise(payout.amount)}</span>
        <Chip tone={TONES[payout.status]}>{t(`earnings.payout.${payout.status}`)}</Chip>
      </div>
      {waiting && <MarkPaid payout={payout} />}
    </li>
  );
}
