import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './Field';

/** A labelled file picker with the kit's button look; `before` shows above it (e.g. the current file). */
export function FileInput({
  label,
  hint,
  error,
  before,
  className = '',
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  hint?: ReactNode;
  error?: string;
  before?: ReactNode;
  ref?: React.Ref<HTMLInputElement>;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(id, describedBy) => (
        <div className="flex flex-col gap-2">
          {before}
          <input
            id={id}
            aria-describedby={describedBy}
            aria-invalid={!!error || undefined}
            type="file"
            className={`block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border file:border-ink file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-ink hover:file:bg-surface disabled:opacity-60 ${className}`}
            {...rest}
          />
        </div>
      )}
    </Field>
  );
}
