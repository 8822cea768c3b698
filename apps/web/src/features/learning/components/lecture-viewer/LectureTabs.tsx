import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface Tab {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * Tabs under the player (WAI-ARIA tabs: arrow keys, Home and End move between them). Only the
 * chosen one's panel is drawn; `active` and `onChange` are the viewer's (its URL, say).
 */
export function LectureTabs({
  label,
  tabs,
  active,
  onChange,
}: {
  label: string;
  tabs: Tab[];
  active: string;
  onChange: (id: string) => void;
}) {
  const ids = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.id === active),
  );
  const move = (e: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (!tab || next === null) return;
    e.preventDefault();
    onChange(tab.id);
    buttons.current[next]?.focus();
  };
  const shown = tabs[index];
  return (
    <div className="flex flex-col gap-3">
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-line">
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${ids}-tab-${tab.id}`}
            aria-selected={i === index}
            aria-controls={`${ids}-panel`}
            tabIndex={i === index ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={move}
            className="-mb-px min-h-11 border-b-2 border-transparent px-4 text-sm font-semibold text-muted hover:text-ink aria-selected:border-ink aria-selected:text-ink"
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${shown?.id}`}>
        {shown?.content}
      </div>
    </div>
  );
}
