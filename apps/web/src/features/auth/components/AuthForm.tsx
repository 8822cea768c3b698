import type { Role, TwoFactorChallenge, User } from '@kaksha/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '@/i18n';
import { withNext } from '../lib/next-path';
import { AuthCard } from './AuthCard';
import { GoogleSignIn } from './GoogleButton';
import { SubmitForm } from './SubmitForm';
import { TwoFactorStep } from './TwoFactorStep';

/**
 * The login and sign-up screens (spec §2): the card, the form and its button, Google sign-in
 * (when the server has it), and the link to the other screen, which keeps `next`.
 */
export function AuthForm({
  title,
  subtitle,
  onSubmit,
  submitLabel,
  busy,
  errors,
  children,
  google,
  switchTo,
  twoFactor,
}: {
  title: string;
  subtitle: string;
  onSubmit: () => void;
  submitLabel: string;
  busy: boolean;
  /** The server's per-field messages: the first field named gets the focus. */
  errors: Record<string, string> | undefined;
  children: ReactNode;
  google: {
    accountRole: Role | '';
    text: 'signin_with' | 'signup_with';
    onSignedIn: (answer: User | TwoFactorChallenge) => void;
  };
  switchTo: { prompt: string; path: string; label: string; next: string };
  /** Set once the password (or Google) step passed for an account with two-factor sign-in: the code step. */
  twoFactor?: { onVerified: (user: User) => void; onCancel: () => void } | null;
}) {
  const t = useT();
  if (twoFactor) {
    return (
      <AuthCard title={t('auth.twoFactor.title')} subtitle={t('auth.twoFactor.subtitle')}>
        <TwoFactorStep {...twoFactor} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} subtitle={subtitle}>
      <SubmitForm onSubmit={onSubmit} busy={busy} label={submitLabel} errors={errors} noValidate>
        {children}
      </SubmitForm>
      <GoogleSignIn {...google} />
      <p className="mt-6 text-center text-sm text-muted">
        {switchTo.prompt}{' '}
        <Link
          to={withNext(switchTo.path, switchTo.next)}
          className="font-semibold text-ink underline underline-offset-2"
        >
          {switchTo.label}
        </Link>
      </p>
    </AuthCard>
  );
}
