import { CATEGORIES, type Category } from '@kaksha/contracts';
import { SearchX, SlidersHorizontal, Sparkles } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/Card';
import { ErrorState } from '../../../components/ui/ErrorState';
import { BackLink } from '../../../components/ui/PageHeader';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useCatalog } from '../api/catalog';
import { CategoryFilter } from '../components/CategoryFilter';
import { CourseCard, CourseCardSkeleton } from '../components/CourseCard';
import { CATEGORY_PARAM, selectedCategories } from '../components/catalog-url';

/** Cards in the first row or two are above the fold: those load eagerly. */
const EAGER_CARDS = 3;
/** Two rows of three on a laptop, the first three on a phone. */
const OFFSCREEN_AFTER = 6;

/** The catalogue (spec §2 /allcourses). Selected categories live in the URL (?category=…). */
export default function AllCoursesPage() {
  usePageTitle('All Courses');
  const [params, setParams] = useSearchParams();
  const fromUrl = selectedCategories(params);
  const urlKey = fromUrl.join('|');
  // The checkboxes answer at once; the URL follows (and back/forward or a shared link lead).
  const [selected, setSelectedState] = useState<Category[]>(fromUrl);
  const [seenUrlKey, setSeenUrlKey] = useState(urlKey);
  if (seenUrlKey !== urlKey) {
    setSeenUrlKey(urlKey);
    setSelectedState(fromUrl);
  }
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
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
  } = useCatalog(selected);

  const setSelected = (chosen: Category[]) => {
    const next = CATEGORIES.filter((c) => chosen.includes(c));
    setSelectedState(next);
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.delete(CATEGORY_PARAM);
        for (const c of next) p.append(CATEGORY_PARAM, c);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const toggle = (category: Category) =>
    setSelected(selected.includes(category) ? selected.filter((c) => c !== category) : [...selected, category]);

  const courses = useMemo(() => data?.pages.flatMap((page) => page.courses) ?? [], [data]);
  // The first rows render at once; the other cards of a page that arrives render in a transition
  // (in slices of a few milliseconds), so the first card shows sooner and a tap is never kept
  // waiting behind a page of cards. Only the count lags: the cards are always the current ones.
  // The first render of all (the server's drawing of the page, and the app taking it over) has the
  // first rows only: less to draw, send and take over before the page responds.
  const deferredCount = useDeferredValue(courses.length, 0);
  const shown = courses.slice(0, Math.max(Math.min(courses.length, OFFSCREEN_AFTER), deferredCount));
  const total = data?.pages[0]?.total ?? 0;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  // Not while the rest of a page is still to render: the sentinel is then near the top.
  const sentinel = useNextPageWhenVisible(loadMore, hasNextPage && !isError && shown.length === courses.length);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row md:gap-8 md:py-8">
      <aside className="md:w-60 md:shrink-0" aria-label="Course filters">
        <div className="flex items-center justify-between gap-2 md:mb-3">
          <BackLink to="/" label="Back to Home" />
          <Button
            variant="secondary"
            size="sm"
            className="md:hidden"
            icon={<SlidersHorizontal size={16} aria-hidden="true" />}
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((o) => !o)}
          >
            {filtersOpen ? 'Hide Filters' : 'Show Filters'}
            {selected.length > 0 && ` (${selected.length})`}
          </Button>
        </div>
        <div
          id={filtersId}
          className={`${filtersOpen ? 'block' : 'hidden'} mt-3 rounded-card border border-line bg-surface p-4 md:sticky md:top-24 md:mt-0 md:block`}
        >
          <CategoryFilter selected={selected} onToggle={toggle} onClear={() => setSelected([])} />
        </div>
        {/* Outside the collapsible panel: always visible, also on phones. */}
        <ButtonLink to="/searchwithai" variant="primary" className="mt-3 w-full md:mt-4">
          <Sparkles size={16} aria-hidden="true" />
          Search with AI
        </ButtonLink>
      </aside>

      <section className="min-w-0 flex-1" aria-labelledby="catalogue-title">
        <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
          <h1 id="catalogue-title" className="text-2xl font-bold text-ink sm:text-3xl">
            All Courses
          </h1>
          <p className="text-sm text-muted" aria-live="polite">
            {isPending
              ? 'Loading courses…'
              : `${total} ${total === 1 ? 'course' : 'courses'}${selected.length ? ` in ${selected.join(', ')}` : ''}`}
          </p>
        </div>
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
            {selected.length === 0
              ? 'No courses have been published yet.'
              : `No published courses in ${selected.length === 1 ? 'this category' : 'these categories'} yet.`}
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
                  <CourseCard course={course} eager={i < EAGER_CARDS} heading="h2" />
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
                    You have seen every course{selected.length ? ' in this selection' : ''}.
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
