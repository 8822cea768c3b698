import { CATEGORIES, type Category } from '@kaksha/contracts';

/** The catalogue keeps its selected categories in the URL: /allcourses?category=A&category=B. */
export const CATEGORY_PARAM = 'category';

export function catalogUrl(categories: readonly Category[] = []) {
  if (categories.length === 0) return '/allcourses';
  const params = new URLSearchParams();
  for (const c of categories) params.append(CATEGORY_PARAM, c);
  return `/allcourses?${params.toString()}`;
}

/** Known categories named in the URL, in the sidebar's order; unknown values are ignored. */
export function selectedCategories(params: URLSearchParams): Category[] {
  const wanted = new Set(params.getAll(CATEGORY_PARAM));
  return CATEGORIES.filter((c) => wanted.has(c));
}
