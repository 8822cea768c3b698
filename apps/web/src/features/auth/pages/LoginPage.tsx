import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '@/i18n';
import { useLogin } from '../api/login';
import { AuthForm } from '../components/AuthForm';
import { EmailInput } from '../components/EmailInput';
import { PasswordInput } from '../components/PasswordInput';
import { useAuthForm } from '../components/useAuthForm';

/** /login (spec §2). No client checks: the server decides, and its messages are shown. */
export default function LoginPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { next, submit, signedIn, errors, busy, twoFactor } = useAuthForm(useLogin(), t('messages.loginSuccess'));

  return (
    <AuthForm
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      onSubmit={() => submit({ email, password })}
      submitLabel={t('nav.login')}
      busy={busy}
      errors={errors}
      twoFactor={twoFactor}
      google={{ accountRole: '', text: 'signin_with', onSignedIn: signedIn }}
      switchTo={{ prompt: t('auth.login.noAccount'), path: '/signup', label: t('auth.login.signUp'), next }}
    >
      <EmailInput value={email} onChange={(e) => setEmail(e.target.value)} error={errors?.email} />
      <PasswordInput
        label={t('auth.password')}
        name="password"
        autoComplete="current-password"
        placeholder={t('auth.login.passwordPlaceholder')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors?.password}
      />
      <div className="-mt-1 text-right">
        <Link
          to="/forgotpassword"
          className="text-sm font-medium text-muted underline-offset-2 hover:text-ink hover:underline"
        >
          {t('auth.login.forgot')}
        </Link>
      </div>
    </AuthForm>
  );
}
