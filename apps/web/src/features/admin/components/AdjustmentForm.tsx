import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextArea, TextInput } from '@/components/ui/Field';
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
    errors.amount = 'Amount must be rupees with at most two decimals, not zero (− for a debit)';
  }
  if (d.reason.trim().length < 5) errors.reason = 'Reason is required: say why (at least 5 characters)';
  return errors;
}

/** A correction of an educator's balance: + credit, − debit, available at once, with a reason (audited). */
export function AdjustmentForm() {
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
      toast.success(`Adjustment recorded. Their available balance is now ${formatPaise(answer.available)}.`);
      setDraft(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields as Errors);
      toast.error(errorMessage(error, 'The adjustment could not be recorded.'));
    }
  };
  return (
    <Card className="max-w-2xl p-5">
      <h2 id={headingId} className="mb-1 text-lg font-semibold text-ink">
        Ledger adjustment
      </h2>
      <p className="mb-4 text-sm text-muted">
        A new entry, never an edit: the ledger keeps both. The educator's id is in the payouts and orders lists.
      </p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={headingId} className="grid gap-4">
        <TextInput
          label="Educator id"
          value={draft.educatorId}
          onChange={(e) => set('educatorId')(e.target.value)}
          error={errors.educatorId}
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput
          label="Amount (₹)"
          value={draft.amount}
          onChange={(e) => set('amount')(e.target.value)}
          error={errors.amount}
          hint="+ credits, − debits: 250 or -99.50"
          inputMode="decimal"
        />
        <TextArea
          label="Reason"
          value={draft.reason}
          onChange={(e) => set('reason')(e.target.value)}
          error={errors.reason}
          rows={3}
        />
        <div>
          <Button type="submit" busy={adjust.isPending}>
            Record adjustment
          </Button>
        </div>
      </form>
    </Card>
  );
}
