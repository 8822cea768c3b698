import { MESSAGES } from '@kaksha/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLogin } from '../api/login';
import { AuthForm } from '../components/AuthForm';
import { EmailInput } from '../components/EmailInput';
import { PasswordInput } from '../components/PasswordInput';
import { useAuthForm } from '../components/useAuthForm';

/** /login (spec §2). No client checks: the server decides, and its messages are shown. */
export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { next, submit, signedIn, errors, busy } = useAuthForm(useLogin(), MESSAGES.loginSuccess);

  return (
    <AuthForm
      title="Welcome back"
      subtitle="Login to your account"
      onSubmit={() => submit({ email, password })}
      submitLabel="Login"
      busy={busy}
      errors={errors}
      google={{ accountRole: '', text: 'signin_with', onSignedIn: signedIn }}
      switchTo={{ prompt: 'Don’t have an account?', path: '/signup', label: 'Sign up', next }}
    >
      <EmailInput value={email} onChange={(e) => setEmail(e.target.value)} error={errors?.email} />
      <PasswordInput
        label="Password"
        name="password"
        autoComplete="current-password"
        placeholder="Your password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors?.password}
      />
      <div className="-mt-1 text-right">
        <Link
          to="/forgotpassword"
          className="text-sm font-medium text-muted underline-offset-2 hover:text-ink hover:underline"
        >
          Forget your password?
        </Link>
      </div>
    </AuthForm>
  );
}
