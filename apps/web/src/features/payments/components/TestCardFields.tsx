import type { ChangeEvent } from 'react';
import { TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';
import type { CardErrors, CardForm } from './sandbox-card';

/** The test checkout's card number, expiry and CVV. */
export function TestCardFields({
  card,
  errors,
  onChange,
}: {
  card: CardForm;
  errors: CardErrors;
  onChange: (field: keyof CardForm) => (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  const t = useT();
  return (
    <>
      <TextInput
        label={t('card.number')}
        value={card.number}
        onChange={onChange('number')}
        error={errors.number}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextInput
          label={t('card.expiry')}
          value={card.expiry}
          onChange={onChange('expiry')}
          error={errors.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={7}
        />
        <TextInput
          label={t('card.cvv')}
          value={card.cvv}
          onChange={onChange('cvv')}
          error={errors.cvv}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
        />
      </div>
    </>
  );
}
