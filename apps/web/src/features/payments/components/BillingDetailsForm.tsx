import { GST_STATES } from '@kaksha/contracts';
import { Pencil } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Card';
import { Select, TextInput } from '@/components/ui/Field';
import type { BillingDraftState } from './useBillingDraft';

const STATE_OPTIONS = Object.entries(GST_STATES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/**
 * Billing details on the checkout: the state decides the GST (CGST + SGST in the seller's state,
 * IGST elsewhere) and the invoice names the buyer; a GSTIN is for a business claiming the tax back.
 */
export function BillingDetailsForm({ billing }: { billing: BillingDraftState }) {
  const { saved, current, errors } = billing;
  const headingId = useId();
  if (billing.loading) return <Skeleton className="h-11 w-full" />;

  if (!billing.open && saved) {
    return (
      <div className="flex items-start justify-between gap-3 text-sm">
        <p className="min-w-0 text-muted [overflow-wrap:anywhere]">
          <span className="font-medium text-ink">Billed to</span> {saved.name}, {saved.stateName}
          {saved.gstin && ` · GSTIN ${saved.gstin}`}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={billing.edit}
          icon={<Pencil size={14} aria-hidden="true" />}
          aria-label="Change billing details"
          className="shrink-0"
        >
          Change
        </Button>
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!billing.saving) void billing.save();
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="flex flex-col gap-3">
      <div>
        <h3 id={headingId} className="text-sm font-semibold text-ink">
          Billing details
        </h3>
        <p className="text-xs text-muted">Your state sets the GST on your invoice. Asked once.</p>
      </div>
      <TextInput
        label="Name on invoice"
        value={current.name}
        onChange={(e) => billing.change('name', e.target.value)}
        error={errors.name}
        autoComplete="name"
      />
      <Select
        label="State"
        value={current.stateCode}
        onChange={(e) => billing.change('stateCode', e.target.value)}
        error={errors.stateCode}
        options={STATE_OPTIONS}
        placeholder="Select your state"
      />
      <TextInput
        label="GSTIN (optional)"
        value={current.gstin}
        onChange={(e) => billing.change('gstin', e.target.value)}
        error={errors.gstin}
        hint="Only for a registered business that claims the GST back"
        autoComplete="off"
        spellCheck={false}
        maxLength={20}
        className="uppercase"
      />
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" size="sm" busy={billing.saving}>
          Save billing details
        </Button>
        {saved && (
          <Button variant="ghost" size="sm" onClick={billing.cancel} disabled={billing.saving}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
