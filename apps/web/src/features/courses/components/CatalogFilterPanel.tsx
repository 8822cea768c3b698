import {
  CATEGORIES,
  type CatalogFacets,
  DURATION_BANDS,
  LANGUAGE_CODES,
  LEVELS,
  PRICE_BANDS,
  RATING_BANDS,
} from '@kaksha/contracts';
import { Checkbox } from '@/components/ui/Checkbox';
import { useT } from '@/i18n';
import { levelName } from '@/lib/labels';
import { CategoryFilter } from './CategoryFilter';
import { type CatalogFilters, DURATION_LABELS, NO_FILTERS, PRICE_LABELS, ratingLabel, toggled } from './catalog-url';
import { CountedLabel, FacetRadioGroup, groupLegend, row } from './FacetRadioGroup';
import { LanguageFilter } from './LanguageFilter';

const countsOf = (facet: { value: string | number; count: number }[] | undefined) =>
  new Map(facet?.map((f) => [String(f.value), f.count]));

/**
 * Every filter of the catalogue (issue #27): the spec's 'Filter by Category', then level, language
 * (issue #29), price, rating and video length, each value with the number of courses it would show
 * (the facets: the other filters applied, not its own). Several levels, categories, languages or
 * lengths mean any of them; a price band and a minimum rating are one choice each.
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
  const t = useT();
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
        <legend className={groupLegend}>{t('catalog.level')}</legend>
        {LEVELS.map((level) => (
          <Checkbox
            key={level}
            label={<CountedLabel count={facets && levels.get(level)}>{levelName(level)}</CountedLabel>}
            checked={filters.level.includes(level)}
            onChange={() => set({ level: toggled(LEVELS, filters.level, level) })}
            className={row}
          />
        ))}
      </fieldset>
      <LanguageFilter
        selected={filters.language}
        onToggle={(l) => set({ language: toggled(LANGUAGE_CODES, filters.language, l) })}
        counts={facets ? countsOf(facets.language) : undefined}
      />
      <FacetRadioGroup
        legend={t('catalog.priceLegend')}
        name="price"
        value={filters.price}
        options={PRICE_BANDS.map((band) => ({ value: band, label: t(PRICE_LABELS[band]), count: prices.get(band) }))}
        counted={!!facets}
        onChange={(price) => set({ price })}
      />
      <FacetRadioGroup
        legend={t('catalog.ratingLegend')}
        name="minRating"
        value={filters.minRating === null ? null : String(filters.minRating)}
        options={RATING_BANDS.map((r) => ({ value: String(r), label: ratingLabel(r), count: ratings.get(String(r)) }))}
        counted={!!facets}
        onChange={(r) => set({ minRating: r === null ? null : Number(r) })}
      />
      <fieldset className="flex flex-col gap-0.5">
        <legend className={groupLegend}>{t('catalog.videoLength')}</legend>
        {DURATION_BANDS.map((band) => (
          <Checkbox
            key={band}
            label={<CountedLabel count={facets && durations.get(band)}>{t(DURATION_LABELS[band])}</CountedLabel>}
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
          {t('catalog.clearFilters')}
        </button>
      )}
    </div>
  );
}
