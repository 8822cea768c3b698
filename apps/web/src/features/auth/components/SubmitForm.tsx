import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/Button';

/**
 * An auth screen's form: its fields, then one full-width submit button (busy while the call runs).
 * Given the server's per-field messages (`errors`), the first field they mark gets the focus.
 */
export function SubmitForm({
  onSubmit,
  busy,
  label,
  errors,
  noValidate,
  children,
}: {
  onSubmit: () => void;
  busy: boolean;
  label: string;
  errors?: Record<string, string>;
  noValidate?: boolean;
  children: ReactNode;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (errors) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form ref={form} onSubmit={submit} noValidate={noValidate} className="flex flex-col gap-4">
      {children}
      <Button type="submit" busy={busy} className="mt-1 w-full">
        {label}
      </Button>
    </form>
  );
}
