import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextArea, TextInput } from '@/components/ui/Field';
import { translate, useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { formatPaise } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAdjustment } from '../api/admin';

const EMPTY = { educatorId: '', amount: '', reason: '' };
type Errors = Partial<Record<keyof typeof EMPTY, string>>;

function validate(d: typeof EMPTY): Errors {
  const errors: Errors = {};
  if (!d.educatorId.trim()) errors.educatorId = 'educatorId is required';
  if (!/^-?\d+(\.\d{1,2})?$/.test(d.amount.trim()) || Number(d.amount) === 0) {
    errors.amount = translate('admin.adjust.amountCheck');
  }
  if (d.reason.trim().length < 5) errors.reason = translate('admin.adjust.reasonCheck');
  return errors;
}

/** A correction of an educator's balance: + credit, − debit, available at once, with a reason (audited). */
export function AdjustmentForm() {
  const t = useT();
  const adjust = useAdjustment();
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const headingId = useId();
  const set = (field: keyof typeof EMPTY) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0 || adjust.isPending) return;
    try {
      const answer = await adjust.mutateAsync({
        educatorId: draft.educatorId.trim(),
        amount: Number(draft.amount),
        reason: draft.reason.trim(),
      });
      toast.success(t('admin.adjust.recorded', { amount: formatPaise(answer.available) }));
      setDraft(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields as Errors);
      toast.error(errorMessage(error, t('admin.adjust.failed')));
    }
  };
  return (
    <Card className="max-w-2xl p-5">
      <h2 id={headingId} className="mb-1 text-lg font-semibold text-ink">
        {t('admin.adjust.title')}
      </h2>
      <p className="mb-4 text-sm text-muted">{t('admin.adjust.intro')}</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={headingId} className="grid gap-4">
        <TextInput
          label={t('admin.adjust.educatorId')}
          value={draft.educatorId}
          onChange={(e) => set('educatorId')(e.target.value)}
          error={errors.educatorId}
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput
          label={t('admin.adjust.amount')}
          value={draft.amount}
          onChange={(e) => set('amount')(e.target.value)}
          error={errors.amount}
          hint={t('admin.adjust.amountHint')}
          inputMode="decimal"
        />
        <TextArea
          label={t('refund.reason')}
          value={draft.reason}
          onChange={(e) => set('reason')(e.target.value)}
          error={errors.reason}
          rows={3}
        />
        <div>
          <Button type="submit" busy={adjust.isPending}>
            {t('admin.adjust.record')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
