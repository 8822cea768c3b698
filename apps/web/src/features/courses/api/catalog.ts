import type { CatalogPage } from '@kaksha/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { type CatalogFilters, filtersToParams, NO_FILTERS } from '../components/catalog-url';

/**
 * `GET /api/course/catalog`: one page of slim course cards with the total and the facets. Without
 * options the path is exactly the one the server preloads for /allcourses (app/page-data.ts).
 */
export function catalogPath(opts: {
  filters?: CatalogFilters;
  creator?: string;
  cursor?: string | null;
  limit?: number;
}) {
  const params = filtersToParams(opts.filters ?? NO_FILTERS);
  if (opts.creator) params.set('creator', opts.creator);
  if (opts.cursor) params.set('cursor', opts.cursor);
  if (opts.limit) params.set('limit', String(opts.limit));
  const query = params.toString();
  return `/api/course/catalog${query ? `?${query}` : ''}`;
}

/** The catalogue for a keyword, filters and an order, a page at a time (/allcourses). */
export const catalogQuery = (filters: CatalogFilters = NO_FILTERS) =>
  infiniteQueryOptions({
    // Under publishedCourses: whatever refreshes the catalogue refreshes these pages too. The
    // filters as their query string: one selection, one key.
    queryKey: [...queryKeys.publishedCourses, 'catalog', filtersToParams(filters).toString()],
    queryFn: ({ pageParam, signal }) => api.get<CatalogPage>(catalogPath({ filters, cursor: pageParam }), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new filter keeps the old cards on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });

export const useCatalog = (filters: CatalogFilters) => useInfiniteQuery(catalogQuery(filters));

/** An educator's published courses (a course page's "other courses by the educator"). */
export const useCreatorCatalog = (creator: string | undefined, limit: number) =>
  useQuery({
    queryKey: [...queryKeys.publishedCourses, 'catalog', { creator, limit }],
    queryFn: ({ signal }) => api.get<CatalogPage>(catalogPath({ creator, limit }), signal),
    enabled: !!creator,
  });
