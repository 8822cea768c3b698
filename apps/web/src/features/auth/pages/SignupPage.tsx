import type { Role } from '@kaksha/contracts';
import { useState } from 'react';
import { TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';
import { useSignup } from '../api/signup';
import { AuthForm } from '../components/AuthForm';
import { EmailInput } from '../components/EmailInput';
import { NewPasswordInput } from '../components/PasswordInput';
import { RolePills } from '../components/RolePills';
import { useAuthForm } from '../components/useAuthForm';

/** /signup (spec §2). No client checks: the server decides, and its messages are shown. */
export default function SignupPage() {
  const t = useT();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('student');
  const { next, submit, signedIn, errors, busy, twoFactor } = useAuthForm(useSignup(), t('messages.signupSuccess'));

  return (
    <AuthForm
      title={t('auth.signup.title')}
      subtitle={t('auth.signup.subtitle')}
      onSubmit={() => submit({ name, email, password, role })}
      submitLabel={t('titles.signup')}
      busy={busy}
      errors={errors}
      twoFactor={twoFactor}
      google={{ accountRole: role, text: 'signup_with', onSignedIn: signedIn }}
      switchTo={{ prompt: t('auth.signup.haveAccount'), path: '/login', label: t('nav.login'), next }}
    >
      <TextInput
        label={t('auth.name')}
        name="name"
        autoComplete="name"
        placeholder={t('auth.signup.namePlaceholder')}
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
