import { MESSAGES, type Role } from '@kaksha/contracts';
import { useState } from 'react';
import { TextInput } from '@/components/ui/Field';
import { useSignup } from '../api/signup';
import { AuthForm } from '../components/AuthForm';
import { EmailInput } from '../components/EmailInput';
import { NewPasswordInput } from '../components/PasswordInput';
import { RolePills } from '../components/RolePills';
import { useAuthForm } from '../components/useAuthForm';

/** /signup (spec §2). No client checks: the server decides, and its messages are shown. */
export default function SignupPage() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('student');
  const { next, submit, signedIn, errors, busy } = useAuthForm(useSignup(), MESSAGES.signupSuccess);

  return (
    <AuthForm
      title="Let's get Started"
      subtitle="Create your account"
      onSubmit={() => submit({ name, email, password, role })}
      submitLabel="Sign Up"
      busy={busy}
      errors={errors}
      google={{ accountRole: role, text: 'signup_with', onSignedIn: signedIn }}
      switchTo={{ prompt: 'Already have an account?', path: '/login', label: 'Login', next }}
    >
      <TextInput
        label="Name"
        name="name"
        autoComplete="name"
        placeholder="Your full name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors?.name}
      />
      <EmailInput value={email} onChange={(e) => setEmail(e.target.value)} error={errors?.email} />
      <NewPasswordInput value={password} onChange={(e) => setPassword(e.target.value)} error={errors?.password} />
      <RolePills value={role} onChange={setRole} />
    </AuthForm>
  );
}
