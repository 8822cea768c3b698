import { maskedLast4 } from '@kaksha/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, Skeleton } from '@/components/ui/Card';
import { TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';
import { formatDate } from '@/lib/format';
import { usePayoutAccount } from '../api/earnings';
import { usePayoutAccountForm } from './usePayoutAccountForm';

/** Where payouts go: the saved account, masked (last four characters), and the form to set or change it. */
export function PayoutAccountForm() {
  const t = useT();
  const account = usePayoutAccount();
  const [editing, setEditing] = useState(false);
  const { draft, errors, set, submit, busy } = usePayoutAccountForm(() => setEditing(false));
  const headingId = useId();
  const saved = account.data?.account ?? null;
  const showForm = editing || (account.isSuccess && !saved);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };

  return (
    <Card className="p-5">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-ink">
        {t('earnings.account.title')}
      </h2>
      {account.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : saved && !editing ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
            <dt className="text-muted">{t('earnings.account.holder')}</dt>
            <dd className="font-medium text-ink">{saved.accountHolder}</dd>
            <dt className="text-muted">{t('earnings.account.number')}</dt>
            <dd className="font-medium text-ink">{maskedLast4(saved.accountLast4)}</dd>
            <dt className="text-muted">IFSC</dt>
            <dd className="font-medium text-ink">{saved.ifsc}</dd>
            <dt className="text-muted">PAN</dt>
            <dd className="font-medium text-ink">{maskedLast4(saved.panLast4)}</dd>
          </dl>
          <div className="flex items-center gap-3">
            <span className="text-xs text-muted">
              {t('earnings.account.saved', { date: formatDate(saved.updatedAt) })}
            </span>
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              {t('earnings.account.change')}
            </Button>
          </div>
        </div>
      ) : null}
      {showForm && (
        <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="grid gap-4 sm:grid-cols-2">
          <p className="text-sm text-muted sm:col-span-2">{t('earnings.account.note')}</p>
          <TextInput
            label={t('earnings.account.holder')}
            value={draft.accountHolder}
            onChange={(e) => set('accountHolder')(e.target.value)}
            error={errors.accountHolder}
            autoComplete="name"
          />
          <TextInput
            label={t('earnings.account.number')}
            value={draft.accountNumber}
            onChange={(e) => set('accountNumber')(e.target.value)}
            error={errors.accountNumber}
            inputMode="numeric"
            autoComplete="off"
          />
          <TextInput
            label="IFSC"
            value={draft.ifsc}
            onChange={(e) => set('ifsc')(e.target.value)}
            error={errors.ifsc}
            hint={t('earnings.account.ifscHint')}
            autoComplete="off"
            spellCheck={false}
            maxLength={11}
            className="uppercase"
          />
          <TextInput
            label="PAN"
            value={draft.pan}
            onChange={(e) => set('pan')(e.target.value)}
            error={errors.pan}
            hint={t('earnings.account.panHint')}
            autoComplete="off"
            spellCheck={false}
            maxLength={10}
            className="uppercase"
          />
          <div className="flex gap-3 sm:col-span-2">
            <Button type="submit" busy={busy}>
              {t('earnings.account.save')}
            </Button>
            {saved && (
              <Button variant="ghost" onClick={() => setEditing(false)}>
                {t('common.cancel')}
              </Button>
            )}
          </div>
        </form>
      )}
    </Card>
  );
}
