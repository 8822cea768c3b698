import {
  CATALOG_SORTS,
  CATEGORIES,
  type CatalogSort,
  type Category,
  type CourseLanguage,
  DURATION_BANDS,
  type DurationBand,
  LANGUAGE_CODES,
  LEVELS,
  type Level,
  languageLabel,
  PRICE_BANDS,
  type PriceBand,
  RATING_BANDS,
} from '@kaksha/contracts';

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

/** The words of each choice, as the filters, chips and sort list say them. */
export const PRICE_LABELS: Record<PriceBand, string> = {
  free: 'Free',
  paid: 'Paid',
  '0-500': 'Under ₹500',
  '500-1000': '₹500 – ₹999',
  '1000-': '₹1,000 and above',
};
export const DURATION_LABELS: Record<DurationBand, string> = {
  '0-2': 'Under 2 hours',
  '2-6': '2 – 6 hours',
  '6-': '6 hours or more',
};
export const SORT_LABELS: Record<CatalogSort, string> = {
  newest: 'Newest',
  popular: 'Most popular',
  rating: 'Highest rated',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};
export const ratingLabel = (min: number) => `${min} stars & up`;

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
    chips.push({ key: `category:${c}`, label: c, without: { ...f, category: f.category.filter((x) => x !== c) } });
  }
  for (const l of f.level) {
    chips.push({ key: `level:${l}`, label: l, without: { ...f, level: f.level.filter((x) => x !== l) } });
  }
  for (const l of f.language) {
    chips.push({
      key: `language:${l}`,
      label: languageLabel(l),
      without: { ...f, language: f.language.filter((x) => x !== l) },
    });
  }
  if (f.price) chips.push({ key: 'price', label: PRICE_LABELS[f.price], without: { ...f, price: null } });
  if (f.minRating !== null) {
    chips.push({ key: 'minRating', label: ratingLabel(f.minRating), without: { ...f, minRating: null } });
  }
  for (const d of f.duration) {
    chips.push({
      key: `duration:${d}`,
      label: DURATION_LABELS[d],
      without: { ...f, duration: f.duration.filter((x) => x !== d) },
    });
  }
  return chips;
}

/** `list` with `value` added or taken out, in `all`'s order. */
export const toggled = <T extends string>(all: readonly T[], list: readonly T[], value: T): T[] =>
  all.filter((v) => (v === value ? !list.includes(v) : list.includes(v)));
