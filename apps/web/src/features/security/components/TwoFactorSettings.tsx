import type { TwoFactorSetup } from '@kaksha/contracts';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { ErrorState } from '@/components/ui/ErrorState';
import { useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor, useTwoFactorStatus } from '../api/two-factor';
import { RecoveryCodes } from './RecoveryCodes';
import { TwoFactorDisableForm } from './TwoFactorDisableForm';
import { TwoFactorSetupForm } from './TwoFactorSetupForm';

const fieldsOf = (error: unknown) => (error instanceof ApiError ? error.fields : undefined);

/**
 * Two-factor sign-in on or off. Turning it on: a QR code (and its key, for apps that cannot scan)
 * for an authenticator app, then a code from the app; the recovery codes are shown once. Turning it
 * off: the password (accounts that have one) and a code or recovery code.
 */
export function TwoFactorSettings() {
  const t = useT();
  const status = useTwoFactorStatus();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: (answer) => {
        setPending(answer);
        setCode('');
        enable.reset();
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
  const confirm = () =>
    enable.mutate(code, {
      onSuccess: ({ recoveryCodes }) => {
        setPending(null);
        setCode('');
        setCodes(recoveryCodes);
        toast.success(t('security.twoFactor.enabled'));
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
  const turnOff = () =>
    disable.mutate(
      { password: password || undefined, code },
      {
        onSuccess: () => {
          setTurningOff(false);
          setCode('');
          setPassword('');
          toast.success(t('security.twoFactor.disabled'));
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );

  if (status.isPending) return <Skeleton className="mt-4 h-24 w-full" />;
  if (status.isError)
    return (
      <div className="mt-4">
        <ErrorState onRetry={() => void status.refetch()} retrying={status.isFetching} />
      </div>
    );
  const { enabled, recoveryCodesLeft } = status.data;

  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-center gap-3">
        {enabled ? (
          <ShieldCheck size={20} aria-hidden="true" className="text-emerald-700" />
        ) : (
          <ShieldOff size={20} aria-hidden="true" className="text-muted" />
        )}
        <h3 className="font-semibold text-ink">{t('security.twoFactor.title')}</h3>
        <Chip tone={enabled ? 'green' : 'neutral'}>
          {enabled ? t('security.twoFactor.on') : t('security.twoFactor.off')}
        </Chip>
      </div>
      <p className="mt-1 text-sm text-muted">
        {enabled ? t('security.twoFactor.onText', { count: recoveryCodesLeft }) : t('security.twoFactor.offText')}
      </p>

      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}

      {!enabled && !pending && (
        <Button className="mt-4" busy={setup.isPending} onClick={start}>
          {t('security.twoFactor.turnOn')}
        </Button>
      )}

      {!enabled && pending && (
        <TwoFactorSetupForm
          pending={pending}
          code={code}
          onCodeChange={setCode}
          error={fieldsOf(enable.error)?.code}
          busy={enable.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      )}

      {enabled && !turningOff && (
        <Button variant="secondary" className="mt-4" onClick={() => setTurningOff(true)}>
          {t('security.twoFactor.turnOff')}
        </Button>
      )}

      {enabled && turningOff && (
        <TwoFactorDisableForm
          password={password}
          onPasswordChange={setPassword}
          code={code}
          onCodeChange={setCode}
          errors={fieldsOf(disable.error)}
          busy={disable.isPending}
          onConfirm={turnOff}
          onCancel={() => setTurningOff(false)}
        />
      )}
    </div>
  );
}
