import { IFSC_PATTERN, PAN_PATTERN, type PayoutAccountRequest } from '@kaksha/contracts';
import { useState } from 'react';
import { translate } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSavePayoutAccount } from '../api/earnings';

const EMPTY: PayoutAccountRequest = { accountHolder: '', accountNumber: '', ifsc: '', pan: '' };
export type AccountErrors = Partial<Record<keyof PayoutAccountRequest, string>>;

const compact = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** The server's checks, in its words (it checks them all again and names the field). */
function validate(d: PayoutAccountRequest): AccountErrors {
  const errors: AccountErrors = {};
  if (d.accountHolder.trim().length < 2) errors.accountHolder = translate('earnings.account.holderShort');
  if (!/^\d{9,18}$/.test(compact(d.accountNumber))) errors.accountNumber = translate('payoutAccount.accountNumber');
  if (!IFSC_PATTERN.test(compact(d.ifsc))) errors.ifsc = translate('payoutAccount.ifsc');
  if (!PAN_PATTERN.test(compact(d.pan))) errors.pan = translate('payoutAccount.pan');
  return errors;
}

/** The payout account form's state: PUT /api/earnings/payout-account, the fields cleared once saved. */
export function usePayoutAccountForm(onSaved: () => void) {
  const save = useSavePayoutAccount();
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<AccountErrors>({});

  const set = (field: keyof PayoutAccountRequest) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit() {
    if (save.isPending) return;
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({
        accountHolder: draft.accountHolder.trim(),
        accountNumber: compact(draft.accountNumber),
        ifsc: compact(draft.ifsc),
        pan: compact(draft.pan),
      });
      // The whole number leaves the page: only its last four digits are ever shown again.
      setDraft(EMPTY);
      toast.success(translate('earnings.account.savedToast'));
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields as AccountErrors);
      toast.error(errorMessage(error, translate('earnings.account.saveFailed')));
    }
  }
  return { draft, errors, set, submit, busy: save.isPending };
}
