import { BadgePercent, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { TextInput } from '@/components/ui/Field';
import { Message, useT } from '@/i18n';

/**
 * "Apply coupon" on the checkout: a code field whose refusal (the server's 400 message) is shown
 * under it, or, once applied, the code with a way to remove it.
 */
export function CouponField({
  applied,
  error,
  checking,
  initialText = '',
  onApply,
  onRemove,
}: {
  applied: string | undefined;
  error: string | undefined;
  checking: boolean;
  initialText?: string;
  onApply: (code: string) => Promise<boolean>;
  onRemove: () => void;
}) {
  const t = useT();
  const [text, setText] = useState(initialText);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (checking) return;
    await onApply(text);
  };

  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm">
        <p role="status" className="flex items-center gap-2 text-green-900">
          <BadgePercent size={18} aria-hidden="true" />
          <span>
            <Message
              id="coupon.applied"
              values={{ code: <strong className="font-semibold tracking-wide">{applied}</strong> }}
            />
          </span>
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setText('');
            onRemove();
          }}
          icon={<X size={16} aria-hidden="true" />}
          aria-label={t('coupon.removeLabel', { code: applied })}
        >
          {t('coupon.remove')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('coupon.applyLabel')} className="flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <TextInput
          label={t('coupon.code')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          className="uppercase placeholder:normal-case"
          placeholder={t('coupon.placeholder')}
        />
      </div>
      {/* Lined up with the input, below its label. */}
      <Button type="submit" variant="secondary" busy={checking} className="mt-[1.625rem] h-[2.625rem]">
        {t('coupon.apply')}
      </Button>
    </form>
  );
}
