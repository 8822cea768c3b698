import type { CatalogPage, Category } from '@kaksha/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/course/catalog`: one page of slim course cards, newest first. Without options the
 * path is exactly the one the server preloads for /allcourses (app/page-data.ts).
 */
export function catalogPath(opts: {
  categories?: readonly Category[];
  creator?: string;
  cursor?: string | null;
  limit?: number;
}) {
  const params = new URLSearchParams();
  for (const category of opts.categories ?? []) params.append('category', category);
  if (opts.creator) params.set('creator', opts.creator);
  if (opts.cursor) params.set('cursor', opts.cursor);
  if (opts.limit) params.set('limit', String(opts.limit));
  const query = params.toString();
  return `/api/course/catalog${query ? `?${query}` : ''}`;
}

/** The catalogue filtered by categories (any of them), a page at a time (/allcourses). */
export const catalogQuery = (categories: readonly Category[]) =>
  infiniteQueryOptions({
    // Under publishedCourses: whatever refreshes the catalogue refreshes these pages too.
    queryKey: [...queryKeys.publishedCourses, 'catalog', categories],
    queryFn: ({ pageParam, signal }) => api.get<CatalogPage>(catalogPath({ categories, cursor: pageParam }), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new filter keeps the old cards on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });

export const useCatalog = (categories: readonly Category[]) => useInfiniteQuery(catalogQuery(categories));

/** An educator's published courses (a course page's "other courses by the educator"). */
export const useCreatorCatalog = (creator: string | undefined, limit: number) =>
  useQuery({
    queryKey: [...queryKeys.publishedCourses, 'catalog', { creator, limit }],
    queryFn: ({ signal }) => api.get<CatalogPage>(catalogPath({ creator, limit }), signal),
    enabled: !!creator,
  });
