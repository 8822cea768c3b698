import type { TwoFactorSetup } from '@kaksha/contracts';
import { Button } from '@/components/ui/Button';
import { TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';

interface Props {
  pending: TwoFactorSetup;
  code: string;
  onCodeChange: (code: string) => void;
  error?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The "turn on" step: the QR code (and its key, for apps that cannot scan) and the code from the app. */
export function TwoFactorSetupForm({ pending, code, onCodeChange, error, busy, onConfirm, onCancel }: Props) {
  const t = useT();
  return (
    <form
      className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm();
      }}
    >
      <img
        src={pending.qrDataUrl}
        alt={t('security.twoFactor.qrAlt')}
        width={200}
        height={200}
        className="h-[200px] w-[200px] shrink-0 self-center rounded-lg border border-line sm:self-start"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <p className="text-sm text-ink">{t('security.twoFactor.scan')}</p>
        <p className="text-sm text-muted">
          {t('security.twoFactor.orKey')}{' '}
          <code translate="no" className="break-all rounded bg-surface px-1 py-0.5 font-mono text-xs text-ink">
            {pending.secret.match(/.{1,4}/g)?.join(' ')}
          </code>
        </p>
        <TextInput
          label={t('security.twoFactor.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="123456"
          value={code}
          onChange={(e) => onCodeChange(e.target.value)}
          error={error}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={busy}>
            {t('security.twoFactor.confirm')}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
        </div>
      </div>
    </form>
  );
}
