import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useT } from '@/i18n';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'brand';
type Size = 'sm' | 'md' | 'lg';

const variants: Record<Variant, string> = {
  primary: 'bg-ink text-white hover:bg-slate-800 disabled:bg-slate-500',
  brand: 'bg-brand-400 text-ink hover:bg-brand-500 disabled:bg-brand-100',
  secondary: 'border border-ink bg-white text-ink hover:bg-surface disabled:text-slate-400 disabled:border-slate-300',
  ghost: 'text-ink hover:bg-surface disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300',
};
const sizes: Record<Size, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
};

export const buttonClass = (variant: Variant = 'primary', size: Size = 'md', extra = '') =>
  `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${sizes[size]} ${extra}`;

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  /** Shows a spinner and disables the button while a request runs. */
  busy?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant,
  size,
  busy,
  icon,
  disabled,
  className = '',
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const t = useT();
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner className="size-4" label={t('common.working')} /> : icon}
      {children}
    </button>
  );
}

export function ButtonLink({
  variant,
  size,
  className = '',
  ...rest
}: LinkProps & { variant?: Variant; size?: Size; ref?: React.Ref<HTMLAnchorElement> }) {
  return <Link className={buttonClass(variant, size, className)} {...rest} />;
}
