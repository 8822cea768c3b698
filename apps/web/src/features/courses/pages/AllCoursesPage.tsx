import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { useT } from '@/i18n';
import { useCatalog } from '../api/catalog';
import { ActiveFilterChips } from '../components/catalog/ActiveFilterChips';
import { CatalogResults } from '../components/catalog/CatalogResults';
import { CatalogSearchBar } from '../components/catalog/CatalogSearchBar';
import { CatalogSidebar } from '../components/catalog/CatalogSidebar';
import {
  type CatalogFilters,
  filterChips,
  filtersFromUrl,
  filtersToParams,
  NO_FILTERS,
} from '../components/catalog-url';

/**
 * The catalogue (spec §2 /allcourses, issue #27): a keyword, filters with their counts, an order,
 * removable chips for what is on, the cards a page at a time. Everything lives in the URL
 * (catalog-url.ts): back/forward and reload show the same courses. On phones the filters are a
 * sheet opened by Show Filters (the rest of the page inert while it is open).
 */
export default function AllCoursesPage() {
  const t = useT();
  usePageTitle(t('titles.allCourses'));
  const [params, setParams] = useSearchParams();
  const fromUrl = useMemo(() => filtersFromUrl(params), [params]);
  const urlKey = params.toString();
  // The controls answer at once; the URL follows (navigations render in a transition, which would
  // leave a tapped checkbox unticked for a moment). Back/forward or a shared link lead.
  const [filters, setFilters] = useState(fromUrl);
  const [seenUrlKey, setSeenUrlKey] = useState(urlKey);
  if (seenUrlKey !== urlKey) {
    setSeenUrlKey(urlKey);
    setFilters(fromUrl);
  }
  const heading = useRef<HTMLHeadingElement>(null);
  const catalog = useCatalog(filters);

  // Each change is a step in the history (back undoes it); the page stays where it is.
  const apply = (next: CatalogFilters) => {
    setFilters(next);
    setParams(filtersToParams(next), { preventScrollReset: true });
  };
  const cleared = { ...NO_FILTERS, sort: filters.sort };
  // A chip's button goes with its filter: focus moves to the heading, above what changed.
  const applyFromChip = (next: CatalogFilters) => {
    apply(next);
    heading.current?.focus();
  };
  const first = catalog.data?.pages[0];
  const chips = filterChips(filters);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row md:gap-8 md:py-8">
      <CatalogSidebar
        filters={filters}
        facets={first?.facets}
        onChange={apply}
        total={first?.total ?? 0}
        counting={catalog.isPending}
      />
      <section className="min-w-0 flex-1" aria-labelledby="catalogue-title">
        <h1 ref={heading} id="catalogue-title" tabIndex={-1} className="mb-4 text-2xl font-bold text-ink sm:text-3xl">
          {t('titles.allCourses')}
        </h1>
        <CatalogSearchBar
          q={filters.q}
          sort={filters.sort}
          onSearch={(q) => apply({ ...filters, q })}
          onSort={(sort) => apply({ ...filters, sort })}
        />
        {chips.length > 0 && (
          <ActiveFilterChips chips={chips} onChange={applyFromChip} onClearAll={() => applyFromChip(cleared)} />
        )}
        <CatalogResults catalog={catalog} q={filters.q} filtered={chips.length > 0} onClear={() => apply(cleared)} />
      </section>
    </div>
  );
}
