import type { UseMutationResult } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';

/** A lecture's files section (resources, captions): its heading and what it is for, then `children`. */
export function FilesSection({
  id,
  title,
  about,
  children,
}: {
  id: string;
  title: string;
  about: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div>
        <h2 id={id} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <p className="text-sm text-muted">{about}</p>
      </div>
      {children}
    </section>
  );
}

/**
 * The files a lecture has, each with a Remove button (busy on the one being removed, all disabled
 * meanwhile); the toast says what the removal did, or the server's refusal.
 */
export function AttachedFiles<Item, Answer>({
  items,
  empty,
  keyOf,
  removeLabel,
  removed,
  remove,
  children,
}: {
  items: Item[];
  empty: string;
  /** What the remove call takes (the resource's id, the captions' language). */
  keyOf: (item: Item) => string;
  removeLabel: (item: Item) => string;
  removed: (answer: Answer, item: Item) => string;
  remove: UseMutationResult<Answer, Error, string>;
  /** The item's icon, name and details. */
  children: (item: Item) => ReactNode;
}) {
  const t = useT();
  if (items.length === 0) {
    return <p className="rounded-lg border border-dashed border-line px-4 py-3 text-sm text-muted">{empty}</p>;
  }
  const doRemove = (item: Item) =>
    remove.mutate(keyOf(item), {
      onSuccess: (answer) => toast.success(removed(answer, item)),
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => (
        <li
          key={keyOf(item)}
          className="flex items-center justify-between gap-3 rounded-lg border border-line bg-white px-4 py-2.5"
        >
          <span className="flex min-w-0 items-center gap-2 text-sm text-ink">{children(item)}</span>
          <Button
            variant="secondary"
            size="sm"
            icon={<Trash2 size={16} aria-hidden="true" />}
            busy={remove.isPending && remove.variables === keyOf(item)}
            disabled={remove.isPending}
            onClick={() => doRemove(item)}
            aria-label={removeLabel(item)}
          >
            {t('coupon.remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The form that adds one file: its heading, fields, and the submit button with `status` beside it. */
export function AddFileForm({
  title,
  submitLabel,
  busy,
  onSubmit,
  status,
  children,
}: {
  title: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
  status?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4">
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      {children}
      <div className="flex items-center gap-3">
        <Button type="submit" busy={busy} icon={<Plus size={16} aria-hidden="true" />}>
          {submitLabel}
        </Button>
        {status}
      </div>
    </form>
  );
}
