import type { InputHTMLAttributes, ReactNode } from 'react';

/** A checkbox with its label; the whole row is clickable. */
export function Checkbox({
  label,
  className = '',
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode }) {
  return (
    <label className={`flex w-fit cursor-pointer items-center gap-3 text-sm text-ink ${className}`}>
      <input type="checkbox" className="size-4 shrink-0 accent-ink" {...rest} />
      {label}
    </label>
  );
}
