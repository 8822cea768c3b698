import type { ReactNode } from 'react';

/**
 * An icon-only button of the curriculum: `label` names it for screen readers ("Move up: Intro"),
 * its tooltip is the part before the colon, and `control` is what a focus request looks for.
 */
export function IconButton({
  label,
  control,
  disabled,
  onClick,
  children,
}: {
  label: string;
  control: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label.split(':')[0]}
      data-control={control}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-9 items-center justify-center rounded-lg text-ink hover:bg-slate-200 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
    >
      {children}
    </button>
  );
}
