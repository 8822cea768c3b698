import { type BillingDetails, type GstinProblem, gstinProblem, isGstStateCode, type User } from '@kaksha/contracts';
import { useState } from 'react';
import { type MessageKey, translate } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { useBilling, useSaveBilling } from '../api/billing';

export interface BillingDraft {
  name: string;
  stateCode: string;
  gstin: string;
}
export type BillingErrors = Partial<Record<keyof BillingDraft | 'form', string>>;

/** A GSTIN as the server keeps it: upper case, no spaces. */
const compact = (gstin: string) => gstin.replace(/\s+/g, '').toUpperCase();

const fromSaved = (saved: BillingDetails | null | undefined, user: User | null): BillingDraft =>
  saved
    ? { name: saved.name, stateCode: saved.stateCode, gstin: saved.gstin ?? '' }
    : { name: user?.name ?? '', stateCode: '', gstin: '' };

const GSTIN_KEYS: Record<GstinProblem, MessageKey> = {
  format: 'gstin.format',
  check: 'gstin.check',
  state: 'gstin.state',
};

/** The form's own checks, with the server's words: it checks them all again. */
function validate(draft: BillingDraft): BillingErrors {
  const errors: BillingErrors = {};
  if (!draft.name.trim()) errors.name = translate('billing.nameRequired');
  if (!isGstStateCode(draft.stateCode)) errors.stateCode = translate('billing.chooseState');
  const gstin = compact(draft.gstin);
  const problem = gstin && gstinProblem(gstin, isGstStateCode(draft.stateCode) ? draft.stateCode : undefined);
  if (problem) errors.gstin = translate(GSTIN_KEYS[problem]);
  return errors;
}

/**
 * The checkout's billing details (issue #28): asked once, then prefilled from GET /api/user/billing.
 * Until the learner first saves them the form is open (the place of supply is the seller's state
 * meanwhile); afterwards a summary with Change. `flush` saves a changed form before an order.
 */
export function useBillingDraft(user: User | null, enabled: boolean) {
  const billing = useBilling(enabled);
  const saveBilling = useSaveBilling();
  const saved = billing.data;
  const [editing, setEditing] = useState(false);
  // Null while untouched: the form shows what is saved (or the defaults) as it arrives.
  const [draft, setDraft] = useState<BillingDraft | null>(null);
  const [errors, setErrors] = useState<BillingErrors>({});
  const base = fromSaved(saved, user);
  const current = draft ?? base;
  const open = saved === null || editing;
  const dirty =
    open &&
    draft !== null &&
    (current.name !== base.name || current.stateCode !== base.stateCode || compact(current.gstin) !== base.gstin);

  const change = (field: keyof BillingDraft, value: string) => {
    setDraft({ ...current, [field]: value });
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };

  const reset = () => {
    setDraft(null);
    setEditing(false);
    setErrors({});
  };

  async function save(): Promise<boolean> {
    const found = validate(current);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    try {
      await saveBilling.mutateAsync({
        name: current.name.trim(),
        stateCode: current.stateCode,
        gstin: compact(current.gstin) || null,
        address: saved?.address ?? null,
      });
      reset();
      return true;
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      setErrors(
        fields && Object.keys(fields).length > 0
          ? fields
          : { form: errorMessage(error, translate('billing.saveFailed')) },
      );
      return false;
    }
  }

  return {
    saved,
    loading: billing.isPending && enabled,
    open,
    current,
    errors,
    saving: saveBilling.isPending,
    change,
    save,
    /** Before an order: saves the form if it was changed; false when it could not be. */
    flush: async () => !dirty || save(),
    edit: () => setEditing(true),
    cancel: reset,
  };
}
export type BillingDraftState = ReturnType<typeof useBillingDraft>;
