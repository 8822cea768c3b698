import { CATEGORIES, type Category } from '@kaksha/contracts';
import { Checkbox } from '@/components/ui/Checkbox';
import { useT } from '@/i18n';
import { categoryName } from '@/lib/labels';
import { FacetCount } from './FacetCount';

/**
 * 'Filter by Category': the nine categories as checkboxes, in the spec's order, each with how many
 * courses it would show with the other filters as they are (`counts`, the answer's facets).
 */
export function CategoryFilter({
  selected,
  onToggle,
  onClear,
  counts,
}: {
  selected: readonly Category[];
  onToggle: (category: Category) => void;
  onClear: () => void;
  counts?: ReadonlyMap<string, number>;
}) {
  const t = useT();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-3 text-lg font-bold text-ink">{t('catalog.filterByCategory')}</legend>
      {CATEGORIES.map((category) => (
        <Checkbox
          key={category}
          label={
            <span>
              {categoryName(category)}
              <FacetCount count={counts?.get(category)} />
            </span>
          }
          checked={selected.includes(category)}
          onChange={() => onToggle(category)}
          className="w-full rounded-lg px-2 py-2 hover:bg-white"
        />
      ))}
      {selected.length > 0 && (
        <button
          type="button"
          onClick={onClear}
          className="mt-2 self-start rounded px-2 py-1 text-sm font-medium text-ink underline underline-offset-2 hover:text-amber-800"
        >
          {t('catalog.clearCategories')}
        </button>
      )}
    </fieldset>
  );
}
