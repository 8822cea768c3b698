import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';

/**
 * A titled group whose content can be shown or hidden: the title is a button with
 * `aria-expanded` (inside a heading of the given level, so screen readers can jump between groups)
 * that controls the content.
 */
export function Collapsible({
  title,
  meta,
  level = 3,
  defaultOpen = true,
  children,
}: {
  title: ReactNode;
  /** Shown beside the title, e.g. '3 lectures'. */
  meta?: ReactNode;
  level?: 2 | 3 | 4;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const contentId = useId();
  const Heading = `h${level}` as const;
  return (
    <div className="rounded-lg border border-line">
      <Heading className="text-sm font-semibold text-ink">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center gap-3 rounded-lg bg-surface px-3 py-2.5 text-left hover:bg-slate-100"
        >
          <span className="flex-1">{title}</span>
          {meta && <span className="text-xs font-normal text-muted">{meta}</span>}
          <ChevronDown
            size={18}
            aria-hidden="true"
            className={`shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </Heading>
      <div id={contentId} hidden={!open} className="p-2">
        {children}
      </div>
    </div>
  );
}
