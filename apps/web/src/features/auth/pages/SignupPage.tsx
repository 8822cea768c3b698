import { MESSAGES, type Role } from '@kaksha/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useOnSignedIn } from '../api/session';
import { useSignup } from '../api/signup';
import { AuthCard, OrDivider } from '../components/AuthCard';
import { GoogleButton } from '../components/GoogleButton';
import { PasswordInput } from '../components/PasswordInput';
import { RolePills } from '../components/RolePills';

/** /signup (spec §2). No client checks: the server decides and its message is shown. */
export default function SignupPage() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('student');
  const signup = useSignup();
  const onSignedIn = useOnSignedIn();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    signup.mutate(
      { name, email, password, role },
      {
        onSuccess: (user) => {
          toast.success(MESSAGES.signupSuccess);
          onSignedIn(user);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <AuthCard title="Let's get Started" subtitle="Create your account">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextInput
          label="Name"
          name="name"
          autoComplete="name"
          placeholder="Your full name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
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
          autoComplete="new-password"
          placeholder="At least 8 characters"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <RolePills value={role} onChange={setRole} />
        <Button type="submit" busy={signup.isPending} className="mt-1 w-full">
          Sign Up
        </Button>
      </form>
      <OrDivider />
      <GoogleButton
        accountRole={role}
        text="signup_with"
        onSignedIn={(user) => {
          toast.success(MESSAGES.signupSuccess);
          onSignedIn(user);
        }}
      />
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-ink underline underline-offset-2">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
