import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, useState } from 'react';
import { controlClass, Field } from '@/components/ui/Field';
import { useT } from '@/i18n';

/** A password field with a show/hide toggle (spec §2), and the server's message about it. */
export function PasswordInput({
  label,
  error,
  className = '',
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string; error?: string }) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error}>
      {(id, describedBy) => (
        <div className="relative">
          <input
            id={id}
            aria-describedby={describedBy}
            aria-invalid={!!error || undefined}
            type={visible ? 'text' : 'password'}
            className={`${controlClass} pr-11 ${className}`}
            {...rest}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? t('auth.hideField', { field: label }) : t('auth.showField', { field: label })}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted hover:text-ink"
          >
            {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
          </button>
        </div>
      )}
    </Field>
  );
}

/** The password a new account or a reset sets (the browser may offer to generate one). */
export function NewPasswordInput({
  label,
  ...rest
}: Omit<Parameters<typeof PasswordInput>[0], 'label'> & { label?: string }) {
  const t = useT();
  return (
    <PasswordInput
      label={label ?? t('auth.password')}
      name="password"
      autoComplete="new-password"
      placeholder={t('auth.passwordPlaceholder')}
      {...rest}
    />
  );
}
