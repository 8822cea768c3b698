import { X } from 'lucide-react';
import { useT } from '@/i18n';
import type { CatalogFilters, FilterChip } from '../catalog-url';

/** What is on, each removable, and Clear all. */
export function ActiveFilterChips({
  chips,
  onChange,
  onClearAll,
}: {
  chips: FilterChip[];
  onChange: (filters: CatalogFilters) => void;
  onClearAll: () => void;
}) {
  const t = useT();
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap gap-2" aria-label={t('catalog.activeFilters')}>
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              onClick={() => onChange(chip.without)}
              aria-label={t('catalog.removeFilter', { filter: chip.label })}
              className="inline-flex items-center gap-1 rounded-full border border-line bg-white px-3 py-1 text-sm text-ink hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {chip.label}
              <X size={14} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onClearAll}
        className="rounded px-2 py-1 text-sm font-medium text-ink underline underline-offset-2 hover:text-amber-800"
      >
        {t('catalog.clearAll')}
      </button>
    </div>
  );
}
