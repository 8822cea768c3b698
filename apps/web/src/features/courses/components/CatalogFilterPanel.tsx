import { CATEGORIES, type CatalogFacets, DURATION_BANDS, LEVELS, PRICE_BANDS, RATING_BANDS } from '@kaksha/contracts';
import type { ReactNode } from 'react';
import { Checkbox } from '@/components/ui/Checkbox';
import { CategoryFilter } from './CategoryFilter';
import { type CatalogFilters, DURATION_LABELS, NO_FILTERS, PRICE_LABELS, ratingLabel, toggled } from './catalog-url';
import { FacetCount } from './FacetCount';

const countsOf = (facet: { value: string | number; count: number }[] | undefined) =>
  new Map(facet?.map((f) => [String(f.value), f.count]));

const groupLegend = 'mb-2 text-base font-bold text-ink';
const row = 'w-full rounded-lg px-2 py-1.5 hover:bg-white';

/**
 * Every filter of the catalogue (issue #27): the spec's 'Filter by Category', then level, price,
 * rating and video length, each value with the number of courses it would show (the facets: the
 * other filters applied, not its own). Several levels, categories or lengths mean any of them;
 * a price band and a minimum rating are one choice each.
 */
export function CatalogFilterPanel({
  filters,
  facets,
  onChange,
}: {
  filters: CatalogFilters;
  facets: CatalogFacets | undefined;
  onChange: (next: CatalogFilters) => void;
}) {
  const set = (patch: Partial<CatalogFilters>) => onChange({ ...filters, ...patch });
  const levels = countsOf(facets?.level);
  const prices = countsOf(facets?.price);
  const ratings = countsOf(facets?.rating);
  const durations = countsOf(facets?.duration);
  return (
    <div className="flex flex-col gap-6">
      <CategoryFilter
        selected={filters.category}
        onToggle={(c) => set({ category: toggled(CATEGORIES, filters.category, c) })}
        onClear={() => set({ category: [] })}
        counts={facets ? countsOf(facets.category) : undefined}
      />
      <fieldset className="flex flex-col gap-0.5">
        <legend className={groupLegend}>Level</legend>
        {LEVELS.map((level) => (
          <Checkbox
            key={level}
            label={<Labelled count={facets && levels.get(level)}>{level}</Labelled>}
            checked={filters.level.includes(level)}
            onChange={() => set({ level: toggled(LEVELS, filters.level, level) })}
            className={row}
          />
        ))}
      </fieldset>
      <RadioGroup
        legend="Price"
        name="price"
        value={filters.price}
        options={PRICE_BANDS.map((band) => ({ value: band, label: PRICE_LABELS[band], count: prices.get(band) }))}
        counted={!!facets}
        onChange={(price) => set({ price })}
      />
      <RadioGroup
        legend="Rating"
        name="minRating"
        value={filters.minRating === null ? null : String(filters.minRating)}
        options={RATING_BANDS.map((r) => ({ value: String(r), label: ratingLabel(r), count: ratings.get(String(r)) }))}
        counted={!!facets}
        onChange={(r) => set({ minRating: r === null ? null : Number(r) })}
      />
      <fieldset className="flex flex-col gap-0.5">
        <legend className={groupLegend}>Video length</legend>
        {DURATION_BANDS.map((band) => (
          <Checkbox
            key={band}
            label={<Labelled count={facets && durations.get(band)}>{DURATION_LABELS[band]}</Labelled>}
            checked={filters.duration.includes(band)}
            onChange={() => set({ duration: toggled(DURATION_BANDS, filters.duration, band) })}
            className={row}
          />
        ))}
      </fieldset>
      {JSON.stringify({ ...filters, q: '', sort: 'newest' }) !== JSON.stringify(NO_FILTERS) && (
        <button
          type="button"
          onClick={() => onChange({ ...NO_FILTERS, q: filters.q, sort: filters.sort })}
          className="self-start rounded px-2 py-1 text-sm font-medium text-ink underline underline-offset-2 hover:text-amber-800"
        >
          Clear filters
        </button>
      )}
    </div>
  );
}

function Labelled({ children, count }: { children: ReactNode; count: number | undefined }) {
  return (
    <span>
      {children}
      <FacetCount count={count} />
    </span>
  );
}

/** One choice or none ('Any'), as radio buttons. */
function RadioGroup<V extends string>({
  legend,
  name,
  value,
  options,
  counted,
  onChange,
}: {
  legend: string;
  name: string;
  value: V | null;
  options: { value: V; label: string; count: number | undefined }[];
  counted: boolean;
  onChange: (value: V | null) => void;
}) {
  const choices: { value: V | null; label: string; count: number | undefined }[] = [
    { value: null, label: 'Any', count: undefined },
    ...options,
  ];
  return (
    <fieldset className="flex flex-col gap-0.5">
      <legend className={groupLegend}>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value ?? 'any'} className={`flex cursor-pointer items-center gap-3 text-sm text-ink ${row}`}>
          <input
            type="radio"
            name={name}
            className="size-4 shrink-0 accent-ink"
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <Labelled count={counted ? choice.count : undefined}>{choice.label}</Labelled>
        </label>
      ))}
    </fieldset>
  );
}
