import {
  CATALOG_SORTS,
  CATEGORIES,
  type CatalogSort,
  type Category,
  type CourseLanguage,
  DURATION_BANDS,
  type DurationBand,
  LANGUAGE_CODES,
  LANGUAGES,
  LEVELS,
  type Level,
  PRICE_BANDS,
  type PriceBand,
  RATING_BANDS,
} from '@kaksha/contracts';
import { type MessageKey, translate } from '@/i18n';
import { categoryName, languageNameHere, levelName } from '@/lib/labels';

/**
 * The catalogue's state lives in the URL (/allcourses?q=…&category=…&level=…&language=…&price=…
 * &minRating=…&duration=…&sort=…), with the API's own parameter names: back/forward, reload and a shared link
 * show the same courses. Unknown values are ignored, and the order is always the same, so one
 * selection is one URL (and one cached answer).
 */
export interface CatalogFilters {
  q: string;
  category: Category[];
  level: Level[];
  language: CourseLanguage[];
  price: PriceBand | null;
  minRating: number | null;
  duration: DurationBand[];
  sort: CatalogSort;
}

export const NO_FILTERS: CatalogFilters = {
  q: '',
  category: [],
  level: [],
  language: [],
  price: null,
  minRating: null,
  duration: [],
  sort: 'newest',
};

/** The words of each choice, as the filters, chips and sort list say them (keys of the catalogues). */
export const PRICE_LABELS: Record<PriceBand, MessageKey> = {
  free: 'catalog.price.free',
  paid: 'catalog.price.paid',
  '0-500': 'catalog.price.under500',
  '500-1000': 'catalog.price.500to999',
  '1000-': 'catalog.price.1000up',
};
export const DURATION_LABELS: Record<DurationBand, MessageKey> = {
  '0-2': 'catalog.duration.under2',
  '2-6': 'catalog.duration.2to6',
  '6-': 'catalog.duration.6up',
};
export const SORT_LABELS: Record<CatalogSort, MessageKey> = {
  newest: 'catalog.sort.newest',
  popular: 'catalog.sort.popular',
  rating: 'catalog.sort.rating',
  'price-asc': 'catalog.sort.priceAsc',
  'price-desc': 'catalog.sort.priceDesc',
};
export const ratingLabel = (min: number) => translate('catalog.rating', { min });

/** A language as the filter and its chip name it: its own name, and the interface's name for it when that differs (हिन्दी · Hindi). */
export function languageChoice(code: CourseLanguage) {
  const here = languageNameHere(code);
  return { own: LANGUAGES[code].name, here: here !== LANGUAGES[code].name ? here : null };
}

/** The known values named in the URL, in the lists' own order. */
const known = <T extends string>(all: readonly T[], wanted: string[]) => all.filter((v) => wanted.includes(v));
const one = <T extends string>(all: readonly T[], value: string | null) => all.find((v) => v === value) ?? null;

export function filtersFromUrl(params: URLSearchParams): CatalogFilters {
  const rating = Number(params.get('minRating'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    category: known(CATEGORIES, params.getAll('category')),
    level: known(LEVELS, params.getAll('level')),
    language: known(LANGUAGE_CODES, params.getAll('language')),
    price: one(PRICE_BANDS, params.get('price')),
    minRating: RATING_BANDS.find((r) => r === rating) ?? null,
    duration: known(DURATION_BANDS, params.getAll('duration')),
    sort: one(CATALOG_SORTS, params.get('sort')) ?? 'newest',
  };
}

/** The filters as query parameters, defaults left out (the API reads the same names). */
export function filtersToParams(f: CatalogFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  for (const c of known(CATEGORIES, f.category)) p.append('category', c);
  for (const l of known(LEVELS, f.level)) p.append('level', l);
  for (const l of known(LANGUAGE_CODES, f.language)) p.append('language', l);
  if (f.price) p.set('price', f.price);
  if (f.minRating !== null) p.set('minRating', String(f.minRating));
  for (const d of known(DURATION_BANDS, f.duration)) p.append('duration', d);
  if (f.sort !== 'newest') p.set('sort', f.sort);
  return p;
}

/** /allcourses with these filters (or only these categories: the landing page's tiles). */
export function catalogUrl(filters: Partial<CatalogFilters> | readonly Category[] = {}) {
  const f = Array.isArray(filters) ? { category: [...filters] } : filters;
  const query = filtersToParams({ ...NO_FILTERS, ...(f as Partial<CatalogFilters>) }).toString();
  return query ? `/allcourses?${query}` : '/allcourses';
}

/** Known categories named in the URL, in the sidebar's order; unknown values are ignored. */
export const selectedCategories = (params: URLSearchParams): Category[] => filtersFromUrl(params).category;

/** How many filters are on (the keyword and the order not counted): the Show Filters button says it. */
export const activeFilterCount = (f: CatalogFilters) =>
  f.category.length +
  f.level.length +
  f.language.length +
  f.duration.length +
  (f.price ? 1 : 0) +
  (f.minRating !== null ? 1 : 0);

export interface FilterChip {
  key: string;
  label: string;
  /** The filters without this one. */
  without: CatalogFilters;
}

/** One removable chip per active filter (and the keyword), in the sidebar's order. */
export function filterChips(f: CatalogFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (f.q) chips.push({ key: 'q', label: `“${f.q}”`, without: { ...f, q: '' } });
  for (const c of f.category) {
    chips.push({
      key: `category:${c}`,
      label: categoryName(c),
      without: { ...f, category: f.category.filter((x) => x !== c) },
    });
  }
  for (const l of f.level) {
    chips.push({ key: `level:${l}`, label: levelName(l), without: { ...f, level: f.level.filter((x) => x !== l) } });
  }
  for (const l of f.language) {
    chips.push({
      key: `language:${l}`,
      label: [languageChoice(l).own, languageChoice(l).here].filter(Boolean).join(' · '),
      without: { ...f, language: f.language.filter((x) => x !== l) },
    });
  }
  if (f.price) chips.push({ key: 'price', label: translate(PRICE_LABELS[f.price]), without: { ...f, price: null } });
  if (f.minRating !== null) {
    chips.push({ key: 'minRating', label: ratingLabel(f.minRating), without: { ...f, minRating: null } });
  }
  for (const d of f.duration) {
    chips.push({
      key: `duration:${d}`,
      label: translate(DURATION_LABELS[d]),
      without: { ...f, duration: f.duration.filter((x) => x !== d) },
    });
  }
  return chips;
}

/** `list` with `value` added or taken out, in `all`'s order. */
export const toggled = <T extends string>(all: readonly T[], list: readonly T[], value: T): T[] =>
  all.filter((v) => (v === value ? !list.includes(v) : list.includes(v)));
