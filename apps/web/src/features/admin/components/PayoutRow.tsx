import type { Payout } from '@kaksha/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Chip } from '@/components/ui/Chip';
import { TextInput } from '@/components/ui/Field';
import { ApiError, errorMessage } from '@/lib/api';
import { formatDate, formatPaise } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useMarkPaid } from '../api/admin';

const TONES = { pending: 'brand', processing: 'brand', paid: 'green', failed: 'red' } as const;

/** A manual payout waiting for its transfer: the bank's UTR, once the money is sent. */
function MarkPaid({ payout }: { payout: Payout }) {
  const mark = useMarkPaid();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await mark.mutateAsync({ id: payout._id, reference });
      toast.success('Payout marked paid.');
    } catch (err) {
      setError(err instanceof ApiError ? err.fields?.reference : undefined);
      toast.error(errorMessage(err, 'The payout could not be marked paid.'));
    }
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-wrap items-end gap-2">
      <div className="w-56">
        <TextInput
          label={`UTR for ${payout.educator?.name ?? 'this payout'}`}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          error={error}
          autoComplete="off"
          spellCheck={false}
          className="uppercase"
        />
      </div>
      <Button type="submit" size="sm" busy={mark.isPending}>
        Mark paid
      </Button>
    </form>
  );
}

export function PayoutRow({ payout }: { payout: Payout }) {
  const waiting = payout.provider === 'manual' && payout.status === 'processing';
  return (
    <li className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{payout.educator?.name ?? 'Deleted account'}</p>
        <p className="break-words text-muted">
          {payout.educator?.email} · •••• {payout.accountLast4} · {payout.ifsc} · {formatDate(payout.createdAt)}
        </p>
        <p className="text-xs text-muted">
          {payout.provider}
          {payout.reference && ` · ${payout.reference}`}
          {payout.failure && ` · ${payout.failure}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-ink">{formatPaise(payout.amount)}</span>
        <Chip tone={TONES[payout.status]}>{payout.status}</Chip>
      </div>
      {waiting && <MarkPaid payout={payout} />}
    </li>
  );
}
