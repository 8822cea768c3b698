import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '@/i18n';
import { AuthCard } from '../components/AuthCard';
import { EmailStep, OtpStep, PasswordStep } from '../components/ResetSteps';

const STEPS = {
  1: { title: 'auth.forgot.title1', subtitle: 'auth.forgot.subtitle1' },
  2: { title: 'auth.forgot.title2', subtitle: 'auth.forgot.subtitle2' },
  3: { title: 'auth.forgot.title3', subtitle: 'auth.forgot.subtitle3' },
} as const;

/** /forgotpassword (spec §2, §4): email → OTP → new password, each step's button disabled while busy. */
export default function ForgotPasswordPage() {
  const t = useT();
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [email, setEmail] = useState('');
  const navigate = useNavigate();
  const body = useRef<HTMLDivElement>(null);

  // Each new step moves focus to its form, so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (step > 1) body.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [step]);

  const { title, subtitle } = STEPS[step];
  return (
    <AuthCard
      title={t(title)}
      subtitle={
        <>
          <span className="sr-only">{t('auth.forgot.step', { step })} </span>
          {t(subtitle)}
        </>
      }
    >
      <ol className="mb-6 flex gap-2" aria-hidden="true">
        {[1, 2, 3].map((s) => (
          <li key={s} className={`h-1.5 flex-1 rounded-full ${s <= step ? 'bg-brand-500' : 'bg-line'}`} />
        ))}
      </ol>
      <div ref={body}>
        {step === 1 && <EmailStep email={email} onEmail={setEmail} onDone={() => setStep(2)} />}
        {step === 2 && <OtpStep email={email} onDone={() => setStep(3)} />}
        {step === 3 && <PasswordStep email={email} onDone={() => navigate('/login')} />}
      </div>
      <Link
        to="/login"
        className="mt-6 inline-flex items-center gap-1.5 text-sm font-medium text-muted underline-offset-2 hover:text-ink hover:underline"
      >
        <ArrowLeft size={16} aria-hidden="true" />
        {t('auth.forgot.backToLogin')}
      </Link>
    </AuthCard>
  );
}
