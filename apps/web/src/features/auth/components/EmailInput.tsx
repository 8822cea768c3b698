import type { InputHTMLAttributes } from 'react';
import { TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';

/** The account's e-mail, as login, sign-up and password reset ask for it, with the server's message about it. */
export function EmailInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { error?: string }) {
  const t = useT();
  return (
    <TextInput
      label={t('auth.email')}
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      {...props}
    />
  );
}
