import { type MessageResponse, OTP_LENGTH } from '@kaksha/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { TextInput } from '@/components/ui/Field';
import { Message, useT } from '@/i18n';
import { serverMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';
import { useSendOtp } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { EmailInput } from './EmailInput';
import { NewPasswordInput, PasswordInput } from './PasswordInput';
import { SubmitForm } from './SubmitForm';
import { useServerForm } from './useServerForm';

/** A step's call: the server's message as a toast on success too, then `then`. */
function useStep<Body>(mutation: UseMutationResult<MessageResponse, Error, Body>) {
  const { run, errors, busy } = useServerForm(mutation);
  const step = (body: Body, then?: () => void) =>
    run(body, (res) => {
      toast.success(serverMessage(res.message));
      then?.();
    });
  return { run: step, errors, busy };
}

/** 1: the account's email (required, spec §5) → a code is sent. */
export function EmailStep({
  email,
  onEmail,
  onDone,
}: {
  email: string;
  onEmail: (email: string) => void;
  onDone: () => void;
}) {
  const t = useT();
  const { run, errors, busy } = useStep(useSendOtp());
  return (
    <SubmitForm onSubmit={() => run({ email }, onDone)} busy={busy} label={t('auth.reset.sendOtp')}>
      <EmailInput required value={email} onChange={(e) => onEmail(e.target.value)} error={errors?.email} />
    </SubmitForm>
  );
}

/** 2: the emailed code (digits only), or a new code. */
export function OtpStep({ email, onDone }: { email: string; onDone: () => void }) {
  const t = useT();
  const [otp, setOtp] = useState('');
  const verify = useStep(useVerifyOtp());
  const resend = useStep(useSendOtp());
  return (
    <SubmitForm
      onSubmit={() => verify.run({ email, otp }, onDone)}
      busy={verify.busy}
      label={t('auth.reset.verifyOtp')}
      noValidate
    >
      <TextInput
        label={t('auth.reset.otp')}
        name="otp"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        placeholder="• • • •"
        value={otp}
        onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
        className="pl-[calc(0.75rem+0.6em)] text-center text-2xl font-semibold tracking-[0.6em]"
        error={verify.errors?.otp}
      />
      <p className="text-xs text-muted">
        <Message id="auth.reset.sentTo" values={{ email: <span className="font-medium text-ink">{email}</span> }} />{' '}
        <button
          type="button"
          className="font-medium text-ink underline underline-offset-2 disabled:text-slate-400"
          disabled={resend.busy}
          onClick={() => resend.run({ email })}
        >
          {t('auth.reset.newCode')}
        </button>
      </p>
    </SubmitForm>
  );
}

/** 3: the new password twice; a mismatch is refused here, without a call (spec §5). */
export function PasswordStep({ email, onDone }: { email: string; onDone: () => void }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { run, errors, busy } = useStep(useResetPassword());
  const submit = () => {
    if (password !== confirm) toast.error(t('messages.passwordMismatch'));
    else run({ email, password }, onDone);
  };
  return (
    <SubmitForm onSubmit={submit} busy={busy} label={t('auth.reset.resetPassword')} noValidate>
      <NewPasswordInput
        label={t('auth.reset.newPassword')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors?.password}
      />
      <PasswordInput
        label={t('auth.reset.confirmPassword')}
        name="confirm"
        autoComplete="new-password"
        placeholder={t('auth.reset.typeAgain')}
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
    </SubmitForm>
  );
}
