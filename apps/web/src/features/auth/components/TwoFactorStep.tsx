import type { User } from '@kaksha/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';
import { useVerifyTwoFactor } from '../api/two-factor-verify';
import { SubmitForm } from './SubmitForm';
import { useServerForm } from './useServerForm';

/**
 * The code step of a sign-in with two-factor sign-in on: the 6-digit code from the authenticator
 * app, or (the phone lost) one of the recovery codes. The server limits wrong codes like passwords
 * and says so; "Back" starts the sign-in again (the pending one lasts 5 minutes).
 */
export function TwoFactorStep({ onVerified, onCancel }: { onVerified: (user: User) => void; onCancel: () => void }) {
  const t = useT();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const { run, errors, busy } = useServerForm(useVerifyTwoFactor());
  const submit = () => run(recovery ? { recoveryCode: code } : { code }, onVerified);
  const switchKind = () => {
    setRecovery(!recovery);
    setCode('');
  };

  return (
    <div className="flex flex-col gap-4">
      <SubmitForm onSubmit={submit} busy={busy} label={t('auth.twoFactor.verify')} errors={errors} noValidate>
        {recovery ? (
          <TextInput
            key="recovery"
            label={t('auth.twoFactor.recoveryCode')}
            name="recoveryCode"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="xxxx-xxxx-xxxx-xxxx"
            hint={t('auth.twoFactor.recoveryHint')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors?.recoveryCode}
            autoFocus
          />
        ) : (
          <TextInput
            key="code"
            label={t('auth.twoFactor.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            placeholder="123456"
            hint={t('auth.twoFactor.codeHint')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors?.code}
            autoFocus
          />
        )}
      </SubmitForm>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button variant="ghost" size="sm" onClick={switchKind}>
          {recovery ? t('auth.twoFactor.useApp') : t('auth.twoFactor.useRecovery')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t('auth.twoFactor.back')}
        </Button>
      </div>
    </div>
  );
}
