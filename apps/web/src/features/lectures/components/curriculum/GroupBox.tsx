import { type ReactNode, useId } from 'react';
import { lectureCountLabel } from '@/lib/curriculum';

/**
 * A group of the curriculum (a section, or the lectures outside any): a region named by its
 * heading, with the title and lecture count, its `actions`, or the `editing` form in their place.
 */
export function GroupBox({
  title,
  count,
  actions,
  editing,
  focusScope,
  at,
  children,
}: {
  title: string;
  count: number;
  actions?: ReactNode;
  editing?: ReactNode;
  focusScope?: string;
  at?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-focus-scope={focusScope}
      data-at={at}
      className="rounded-card border border-line bg-white"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-t-card border-b border-line bg-surface px-3 py-2">
        {editing ?? (
          <>
            <h3 id={headingId} className="min-w-0 flex-1 break-words text-sm font-semibold text-ink">
              {title} <span className="font-normal text-muted">({lectureCountLabel(count)})</span>
            </h3>
            {actions && <div className="flex gap-1">{actions}</div>}
          </>
        )}
        {editing && (
          <h3 id={headingId} className="sr-only">
            {title}
          </h3>
        )}
      </div>
      <div className="p-2">{children}</div>
    </section>
  );
}
