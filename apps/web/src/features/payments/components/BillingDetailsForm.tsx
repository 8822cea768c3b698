import { GST_STATES, type GstStateCode } from '@kaksha/contracts';
import { Pencil } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Card';
import { Select, TextInput } from '@/components/ui/Field';
import { currentLocale, useT } from '@/i18n';
import { stateName } from '@/lib/labels';
import type { BillingDraftState } from './useBillingDraft';

/** The states by their names in the interface's language, in its alphabetical order. */
const stateOptions = () =>
  Object.keys(GST_STATES)
    .map((value) => ({ value, label: stateName(value as GstStateCode) }))
    .sort((a, b) => a.label.localeCompare(b.label, currentLocale()));

/**
 * Billing details on the checkout: the state decides the GST (CGST + SGST in the seller's state,
 * IGST elsewhere) and the invoice names the buyer; a GSTIN is for a business claiming the tax back.
 */
export function BillingDetailsForm({ billing }: { billing: BillingDraftState }) {
  const t = useT();
  const { saved, current, errors } = billing;
  const headingId = useId();
  if (billing.loading) return <Skeleton className="h-11 w-full" />;

  if (!billing.open && saved) {
    return (
      <div className="flex items-start justify-between gap-3 text-sm">
        <p className="min-w-0 text-muted [overflow-wrap:anywhere]">
          <span className="font-medium text-ink">{t('billing.billedTo')}</span> {saved.name},{' '}
          {stateName(saved.stateCode as GstStateCode)}
          {saved.gstin && ` · GSTIN ${saved.gstin}`}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={billing.edit}
          icon={<Pencil size={14} aria-hidden="true" />}
          aria-label={t('billing.changeLabel')}
          className="shrink-0"
        >
          {t('billing.change')}
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
          {t('billing.title')}
        </h3>
        <p className="text-xs text-muted">{t('billing.note')}</p>
      </div>
      <TextInput
        label={t('billing.name')}
        value={current.name}
        onChange={(e) => billing.change('name', e.target.value)}
        error={errors.name}
        autoComplete="name"
      />
      <Select
        label={t('billing.state')}
        value={current.stateCode}
        onChange={(e) => billing.change('stateCode', e.target.value)}
        error={errors.stateCode}
        options={stateOptions()}
        placeholder={t('billing.selectState')}
      />
      <TextInput
        label={t('billing.gstin')}
        value={current.gstin}
        onChange={(e) => billing.change('gstin', e.target.value)}
        error={errors.gstin}
        hint={t('billing.gstinHint')}
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
          {t('billing.save')}
        </Button>
        {saved && (
          <Button variant="ghost" size="sm" onClick={billing.cancel} disabled={billing.saving}>
            {t('common.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
