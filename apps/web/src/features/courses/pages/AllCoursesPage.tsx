import { CATALOG_SORTS, type CatalogSort } from '@kaksha/contracts';
import { Search, SearchX, SlidersHorizontal, Sparkles, X } from 'lucide-react';
import { type FormEvent, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink, buttonClass } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { BackLink } from '@/components/ui/PageHeader';
import { useModalDrawer } from '@/components/ui/useModalDrawer';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { useCatalog } from '../api/catalog';
import { CatalogFilterPanel } from '../components/CatalogFilterPanel';
import { CourseCard, CourseCardSkeleton } from '../components/CourseCard';
import {
  activeFilterCount,
  type CatalogFilters,
  filterChips,
  filtersFromUrl,
  filtersToParams,
  NO_FILTERS,
  SORT_LABELS,
} from '../components/catalog-url';

/** Cards in the first row or two are above the fold: those load eagerly. */
const EAGER_CARDS = 3;
/** Two rows of three on a laptop, the first three on a phone. */
const OFFSCREEN_AFTER = 6;

/**
 * The catalogue (spec §2 /allcourses, issue #27): a keyword, filters with their counts, an order,
 * removable chips for what is on, the cards a page at a time. Everything lives in the URL
 * (catalog-url.ts): back/forward and reload show the same courses. On phones the filters are a
 * sheet opened by Show Filters (the rest of the page inert while it is open).
 */
export default function AllCoursesPage() {
  usePageTitle('All Courses');
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
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const sheet = useRef<HTMLDivElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useModalDrawer(filtersOpen, sheet);
  const closeFilters = () => {
    setFiltersOpen(false);
    toggleButton.current?.focus();
  };
  useCloseOnWideScreen(filtersOpen, () => setFiltersOpen(false));

  const {
    data,
    isPending,
    isError,
    isFetching,
    isFetchingNextPage,
    isPlaceholderData,
    hasNextPage,
    fetchNextPage,
    refetch,
  } = useCatalog(filters);

  // Each change is a step in the history (back undoes it); the page stays where it is.
  const apply = (next: CatalogFilters) => {
    setFilters(next);
    setParams(filtersToParams(next), { preventScrollReset: true });
  };

  const courses = useMemo(() => data?.pages.flatMap((page) => page.courses) ?? [], [data]);
  // The first rows render at once; the other cards of a page that arrives render in a transition
  // (in slices of a few milliseconds), so the first card shows sooner and a tap is never kept
  // waiting behind a page of cards. Only the count lags: the cards are always the current ones.
  const deferredCount = useDeferredValue(courses.length, 0);
  const shown = courses.slice(0, Math.max(Math.min(courses.length, OFFSCREEN_AFTER), deferredCount));
  const first = data?.pages[0];
  const total = first?.total ?? 0;
  const chips = filterChips(filters);
  const filtered = chips.length > 0;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  // Not while the rest of a page is still to render: the sentinel is then near the top.
  const sentinel = useNextPageWhenVisible(loadMore, hasNextPage && !isError && shown.length === courses.length);
  const onCount = activeFilterCount(filters);
  const panel = <CatalogFilterPanel filters={filters} facets={first?.facets} onChange={apply} />;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row md:gap-8 md:py-8">
      <aside className="md:w-64 md:shrink-0" aria-label="Course filters">
        <div className="flex items-center justify-between gap-2 md:mb-3">
          <BackLink to="/" label="Back to Home" />
          <button
            ref={toggleButton}
            type="button"
            className={buttonClass('secondary', 'sm', 'md:hidden')}
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <SlidersHorizontal size={16} aria-hidden="true" />
            {filtersOpen ? 'Hide Filters' : 'Show Filters'}
            {onCount > 0 && ` (${onCount})`}
          </button>
        </div>
        {/* Outside the collapsible panel: always visible, also on phones. */}
        <ButtonLink to="/searchwithai" variant="primary" className="mt-3 w-full md:mb-4 md:mt-0">
          <Sparkles size={16} aria-hidden="true" />
          Search with AI
        </ButtonLink>
        {/* Phones: a sheet over the page while open (the rest inert). From md: the sidebar, always there. */}
        {filtersOpen ? (
          <div
            ref={sheet}
            id={filtersId}
            role="dialog"
            aria-modal="true"
            aria-label="Filters"
            className="fixed inset-0 z-50 flex flex-col bg-surface md:hidden"
          >
            <div className="flex items-center justify-between border-b border-line bg-white px-4 py-3">
              <p className="text-lg font-bold text-ink">Filters</p>
              <Button variant="secondary" size="sm" icon={<X size={16} aria-hidden="true" />} onClick={closeFilters}>
                Hide Filters
              </Button>
            </div>
            <div className="flex-1 overflow-y-auto p-4">{panel}</div>
            <div className="border-t border-line bg-white p-4">
              <Button className="w-full" onClick={closeFilters}>
                {isPending ? 'Show courses' : `Show ${total} ${total === 1 ? 'course' : 'courses'}`}
              </Button>
            </div>
          </div>
        ) : (
          <div id={filtersId} className="hidden rounded-card border border-line bg-surface p-4 md:block">
            {panel}
          </div>
        )}
      </aside>

      <section className="min-w-0 flex-1" aria-labelledby="catalogue-title">
        <h1 ref={heading} id="catalogue-title" tabIndex={-1} className="mb-4 text-2xl font-bold text-ink sm:text-3xl">
          All Courses
        </h1>
        <div className="mb-3 flex flex-col gap-3 lg:flex-row lg:items-end">
          <SearchBox key={filters.q} initial={filters.q} onSearch={(q) => apply({ ...filters, q })} />
          <SortSelect value={filters.sort} onChange={(sort) => apply({ ...filters, sort })} />
        </div>
        {filtered && (
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <ul className="flex flex-wrap gap-2" aria-label="Active filters">
              {chips.map((chip) => (
                <li key={chip.key}>
                  <button
                    type="button"
                    onClick={() => {
                      apply(chip.without);
                      heading.current?.focus();
                    }}
                    aria-label={`Remove filter: ${chip.label}`}
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
              onClick={() => {
                apply({ ...NO_FILTERS, sort: filters.sort });
                heading.current?.focus();
              }}
              className="rounded px-2 py-1 text-sm font-medium text-ink underline underline-offset-2 hover:text-amber-800"
            >
              Clear all
            </button>
          </div>
        )}
        <p className="mb-5 text-sm text-muted" aria-live="polite">
          {isPending
            ? 'Loading courses…'
            : `${total} ${total === 1 ? 'course' : 'courses'}${filters.q ? ` for “${filters.q}”` : ''}`}
        </p>
        {isError && courses.length === 0 ? (
          <ErrorState
            title="Courses could not be loaded. Check your connection and try again."
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : isPending ? (
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <CourseCardSkeleton key={i} />
            ))}
          </div>
        ) : courses.length === 0 ? (
          <EmptyState title="No courses found" icon={<SearchX size={40} />}>
            {filtered ? (
              <span className="flex flex-col items-center gap-3">
                No published course matches {filters.q ? 'this search and ' : ''}these filters.
                <Button variant="secondary" onClick={() => apply({ ...NO_FILTERS, sort: filters.sort })}>
                  Clear all filters
                </Button>
              </span>
            ) : (
              'No courses have been published yet.'
            )}
          </EmptyState>
        ) : (
          <>
            <ul
              className={`grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 ${isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={isPlaceholderData}
            >
              {shown.map((course, i) => (
                // Cards below the first rows are laid out and painted only when scrolled near.
                <li key={course._id} className={i < OFFSCREEN_AFTER ? undefined : 'below-fold'}>
                  <CourseCard course={course} eager={i < EAGER_CARDS} heading="h2" showLevel />
                </li>
              ))}
            </ul>
            {/* Scrolling near the end loads the next page; the button does the same for keyboards. */}
            <div ref={sentinel} className="mt-8 flex flex-col items-center gap-2">
              {isError ? (
                <ErrorState
                  title="More courses could not be loaded. Check your connection and try again."
                  onRetry={() => void fetchNextPage()}
                  retrying={isFetchingNextPage}
                />
              ) : hasNextPage ? (
                <Button variant="secondary" onClick={loadMore} disabled={isFetchingNextPage}>
                  {isFetchingNextPage ? 'Loading more courses…' : 'Show more courses'}
                </Button>
              ) : (
                (data?.pages.length ?? 0) > 1 && (
                  <p className="text-sm text-muted">
                    You have seen every course{filtered ? ' in this selection' : ''}.
                  </p>
                )
              )}
            </div>
          </>
        )}
      </section>
    </div>
  );
}

/** The keyword: typed freely, searched on Enter or the button (one request per search, not per key). */
function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search className="flex flex-1">
      <form onSubmit={submit} className="flex flex-1 items-end gap-2">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-ink">
            Search courses
          </label>
          <div className="relative">
            <Search
              size={16}
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted"
            />
            <input
              id={id}
              type="search"
              value={text}
              maxLength={100}
              onChange={(e) => setText(e.target.value)}
              placeholder="Title, topic or educator"
              className="w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-9 pr-3 text-sm text-ink placeholder:text-slate-500 focus:border-ink focus:outline-none focus:ring-2 focus:ring-brand-400"
            />
          </div>
        </div>
        <Button type="submit">Search</Button>
      </form>
    </search>
  );
}

function SortSelect({ value, onChange }: { value: CatalogSort; onChange: (sort: CatalogSort) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5 lg:w-52">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as CatalogSort)}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-ink focus:border-ink focus:outline-none focus:ring-2 focus:ring-brand-400"
      >
        {CATALOG_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The sheet is for phones: widening the window past md closes it (the sidebar shows instead). */
function useCloseOnWideScreen(open: boolean, close: () => void) {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia('(min-width: 768px)');
    const onChange = () => {
      if (wide.matches) latest.current();
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open]);
}

/** Calls `load` whenever the returned element scrolls within a screen of the viewport. */
function useNextPageWhenVisible(load: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}
