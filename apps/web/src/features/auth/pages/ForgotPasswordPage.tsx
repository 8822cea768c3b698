import { MESSAGES, OTP_LENGTH } from '@kaksha/contracts';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';
import { useSendOtp } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { AuthCard } from '../components/AuthCard';
import { PasswordInput } from '../components/PasswordInput';

const STEPS = {
  1: { title: 'Forgot Your Password?', subtitle: 'Enter the email of your account and we will send you a code.' },
  2: { title: 'Enter OTP', subtitle: 'Please enter the 4-digit code sent to your email' },
  3: { title: 'Reset Your Password', subtitle: 'Choose a new password for your account.' },
} as const;

function BackToLogin() {
  return (
    <Link
      to="/login"
      className="mt-6 inline-flex items-center gap-1.5 text-sm font-medium text-muted underline-offset-2 hover:text-ink hover:underline"
    >
      <ArrowLeft size={16} aria-hidden="true" />
      Back to Login
    </Link>
  );
}

/** /forgotpassword (spec §2, §4): email → OTP → new password, each step's button disabled while busy. */
export default function ForgotPasswordPage() {
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const resetPassword = useResetPassword();
  const navigate = useNavigate();
  const heading = useRef<HTMLDivElement>(null);

  // Each new step moves focus to its form, so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (step > 1) heading.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [step]);

  const onError = (error: unknown) => toast.error(errorMessage(error));

  const submitEmail = (e: FormEvent) => {
    e.preventDefault();
    sendOtp.mutate(
      { email },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setStep(2);
        },
        onError,
      },
    );
  };
  const submitOtp = (e: FormEvent) => {
    e.preventDefault();
    verifyOtp.mutate(
      { email, otp },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setStep(3);
        },
        onError,
      },
    );
  };
  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) {
      toast.error(MESSAGES.passwordMismatch);
      return;
    }
    resetPassword.mutate(
      { email, password },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          navigate('/login');
        },
        onError,
      },
    );
  };

  const { title, subtitle } = STEPS[step];
  return (
    <AuthCard
      title={title}
      subtitle={
        <>
          <span className="sr-only">Step {step} of 3. </span>
          {subtitle}
        </>
      }
    >
      <ol className="mb-6 flex gap-2" aria-hidden="true">
        {[1, 2, 3].map((s) => (
          <li key={s} className={`h-1.5 flex-1 rounded-full ${s <= step ? 'bg-brand-500' : 'bg-line'}`} />
        ))}
      </ol>
      <div ref={heading}>
        {step === 1 && (
          <form onSubmit={submitEmail} className="flex flex-col gap-4">
            <TextInput
              label="Email"
              name="email"
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Button type="submit" busy={sendOtp.isPending} className="w-full">
              Send OTP
            </Button>
          </form>
        )}
        {step === 2 && (
          <form onSubmit={submitOtp} className="flex flex-col gap-4">
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
            />
            <p className="text-xs text-muted">
              Sent to <span className="font-medium text-ink">{email}</span>. The code is valid for 10 minutes.{' '}
              <button
                type="button"
                className="font-medium text-ink underline underline-offset-2 disabled:text-slate-400"
                disabled={sendOtp.isPending}
                onClick={() => sendOtp.mutate({ email }, { onSuccess: (res) => toast.success(res.message), onError })}
              >
                Send a new code
              </button>
            </p>
            <Button type="submit" busy={verifyOtp.isPending} className="w-full">
              Verify OTP
            </Button>
          </form>
        )}
        {step === 3 && (
          <form onSubmit={submitPassword} className="flex flex-col gap-4">
            <PasswordInput
              label="New Password"
              name="password"
              autoComplete="new-password"
              placeholder="At least 8 characters"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <PasswordInput
              label="Confirm Password"
              name="confirm"
              autoComplete="new-password"
              placeholder="Type it again"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
            <Button type="submit" busy={resetPassword.isPending} className="w-full">
              Reset Password
            </Button>
          </form>
        )}
      </div>
      <BackToLogin />
    </AuthCard>
  );
}
