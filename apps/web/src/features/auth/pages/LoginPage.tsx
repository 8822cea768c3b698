import { MESSAGES } from '@kaksha/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useLogin } from '../api/login';
import { useOnSignedIn } from '../api/session';
import { AuthCard, OrDivider } from '../components/AuthCard';
import { GoogleButton } from '../components/GoogleButton';
import { PasswordInput } from '../components/PasswordInput';

/** /login (spec §2). No client checks: the server decides and its message is shown. */
export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const onSignedIn = useOnSignedIn();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate(
      { email, password },
      {
        onSuccess: (user) => {
          toast.success(MESSAGES.loginSuccess);
          onSignedIn(user);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <AuthCard title="Welcome back" subtitle="Login to your account">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          placeholder="Your password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="-mt-1 text-right">
          <Link
            to="/forgotpassword"
            className="text-sm font-medium text-muted underline-offset-2 hover:text-ink hover:underline"
          >
            Forget your password?
          </Link>
        </div>
        <Button type="submit" busy={login.isPending} className="w-full">
          Login
        </Button>
      </form>
      <OrDivider />
      <GoogleButton
        accountRole=""
        text="signin_with"
        onSignedIn={(user) => {
          toast.success(MESSAGES.loginSuccess);
          onSignedIn(user);
        }}
      />
      <p className="mt-6 text-center text-sm text-muted">
        Don’t have an account?{' '}
        <Link to="/signup" className="font-semibold text-ink underline underline-offset-2">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
