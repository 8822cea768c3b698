import { Button } from '@/components/ui/Button';
import { TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';

interface Props {
  password: string;
  onPasswordChange: (password: string) => void;
  code: string;
  onCodeChange: (code: string) => void;
  errors?: Record<string, string>;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The "turn off" step: the password (accounts that have one) and a code or recovery code. */
export function TwoFactorDisableForm({
  password,
  onPasswordChange,
  code,
  onCodeChange,
  errors,
  busy,
  onConfirm,
  onCancel,
}: Props) {
  const t = useT();
  return (
    <form
      className="mt-4 flex max-w-md flex-col gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm();
      }}
    >
      <TextInput
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        hint={t('security.twoFactor.passwordHint')}
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
        error={errors?.password}
      />
      <TextInput
        label={t('security.twoFactor.codeOrRecovery')}
        name="code"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => onCodeChange(e.target.value)}
        error={errors?.code}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" busy={busy}>
          {t('security.twoFactor.confirmOff')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
