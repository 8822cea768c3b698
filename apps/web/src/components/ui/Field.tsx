import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

const controlLook =
  'w-full rounded-lg border border-slate-300 bg-white text-ink placeholder:text-slate-500 focus:border-ink focus:outline-none focus:ring-2 focus:ring-brand-400 disabled:bg-surface';
const control = `${controlLook} px-3 py-2.5 text-sm`;
/** Only text fields can be read-only; <select> matches :read-only too and would look disabled. */
const textControl = `${control} read-only:bg-surface`;

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}

/** A label, a control and its error, wired together for screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children(id, describedBy)}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextInput({
  label,
  error,
  hint,
  className = '',
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode }) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id, describedBy) => (
        <input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={!!error || undefined}
          className={`${textControl} ${className}`}
          {...rest}
        />
      )}
    </Field>
  );
}

export function TextArea({
  label,
  error,
  className = '',
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  return (
    <Field label={label} error={error}>
      {(id, describedBy) => (
        <textarea
          id={id}
          aria-describedby={describedBy}
          aria-invalid={!!error || undefined}
          className={`${textControl} ${className}`}
          {...rest}
        />
      )}
    </Field>
  );
}

/** A choice whose shown label differs from its value (a state's name for its GST code). */
export interface SelectOption {
  value: string;
  label: string;
}

export function Select({
  label,
  error,
  options,
  placeholder,
  className = '',
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  options: readonly (string | SelectOption)[];
  /** A first, empty choice such as 'Select category'. */
  placeholder?: string;
}) {
  return (
    <Field label={label} error={error}>
      {(id, describedBy) => (
        <select
          id={id}
          aria-describedby={describedBy}
          aria-invalid={!!error || undefined}
          className={`${control} ${className}`}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => {
            const { value, label: text } = typeof o === 'string' ? { value: o, label: o } : o;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}

export const controlClass = control;
/** The same look, large: a page's one main input (the AI search box). */
export const largeControlClass = `${controlLook} h-12 px-4 text-base`;
