import { MESSAGES, type MessageResponse, OTP_LENGTH } from '@kaksha/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { TextInput } from '@/components/ui/Field';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';
import { useSendOtp } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { PasswordInput } from './PasswordInput';

/**
 * A step's call (spec §8): the server's message as a toast either way, then `then` on success;
 * its per-field messages for the inputs; busy while it runs (the button disabled).
 */
function useStep<Body>(mutation: UseMutationResult<MessageResponse, Error, Body>) {
  const run = (body: Body, then?: () => void) =>
    mutation.mutate(body, {
      onSuccess: (res) => {
        toast.success(res.message);
        then?.();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  const errors = mutation.error instanceof ApiError ? mutation.error.fields : undefined;
  return { run, errors, busy: mutation.isPending };
}

function StepForm(props: {
  onSubmit: () => void;
  busy: boolean;
  label: string;
  children: ReactNode;
  noValidate?: boolean;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate={props.noValidate} className="flex flex-col gap-4">
      {props.children}
      <Button type="submit" busy={props.busy} className="w-full">
        {props.label}
      </Button>
    </form>
  );
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
  const { run, errors, busy } = useStep(useSendOtp());
  return (
    <StepForm onSubmit={() => run({ email }, onDone)} busy={busy} label="Send OTP">
      <TextInput
        label="Email"
        name="email"
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={email}
        onChange={(e) => onEmail(e.target.value)}
        error={errors?.email}
      />
    </StepForm>
  );
}

/** 2: the emailed code (digits only), or a new code. */
export function OtpStep({ email, onDone }: { email: string; onDone: () => void }) {
  const [otp, setOtp] = useState('');
  const verify = useStep(useVerifyOtp());
  const resend = useStep(useSendOtp());
  return (
    <StepForm onSubmit={() => verify.run({ email, otp }, onDone)} busy={verify.busy} label="Verify OTP" noValidate>
      <TextInput
        label="OTP"
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
        Sent to <span className="font-medium text-ink">{email}</span>. The code is valid for 10 minutes.{' '}
        <button
          type="button"
          className="font-medium text-ink underline underline-offset-2 disabled:text-slate-400"
          disabled={resend.busy}
          onClick={() => resend.run({ email })}
        >
          Send a new code
        </button>
      </p>
    </StepForm>
  );
}

/** 3: the new password twice; a mismatch is refused here, without a call (spec §5). */
export function PasswordStep({ email, onDone }: { email: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { run, errors, busy } = useStep(useResetPassword());
  const submit = () => {
    if (password !== confirm) toast.error(MESSAGES.passwordMismatch);
    else run({ email, password }, onDone);
  };
  return (
    <StepForm onSubmit={submit} busy={busy} label="Reset Password" noValidate>
      <PasswordInput
        label="New Password"
        name="password"
        autoComplete="new-password"
        placeholder="At least 8 characters"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors?.password}
      />
      <PasswordInput
        label="Confirm Password"
        name="confirm"
        autoComplete="new-password"
        placeholder="Type it again"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
    </StepForm>
  );
}
