import type { CatalogPage } from '@kaksha/contracts';
import { SearchX } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { useT } from '@/i18n';
import { formatNumber } from '@/lib/format';
import type { useCatalog } from '../../api/catalog';
import { CourseCard, CourseCardSkeleton } from '../CourseCard';

/** Cards in the first row or two are above the fold: those load eagerly. */
const EAGER_CARDS = 3;
/** Two rows of three on a laptop, the first three on a phone. */
const OFFSCREEN_AFTER = 6;

/**
 * How many courses the selection has, then its cards a page at a time (the next page when the
 * end scrolls near, or with the button), or what went wrong, or an empty state that clears it.
 */
export function CatalogResults({
  catalog,
  q,
  filtered,
  onClear,
}: {
  catalog: ReturnType<typeof useCatalog>;
  q: string;
  /** A keyword or a filter is on (the empty state then offers to clear them). */
  filtered: boolean;
  onClear: () => void;
}) {
  const t = useT();
  const { data, isPending, isError, isFetching, refetch } = catalog;
  const courses = useMemo(() => data?.pages.flatMap((page) => page.courses) ?? [], [data]);
  const total = data?.pages[0]?.total ?? 0;
  return (
    <>
      <p className="mb-5 text-sm text-muted" aria-live="polite">
        {isPending
          ? t('catalog.loading')
          : q
            ? t('catalog.countFor', { count: total, shown: formatNumber(total), q })
            : t('catalog.count', { count: total, shown: formatNumber(total) })}
      </p>
      {isError && courses.length === 0 ? (
        <ErrorState title={t('catalog.loadFailed')} onRetry={() => void refetch()} retrying={isFetching} />
      ) : isPending ? (
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <CourseCardSkeleton key={i} />
          ))}
        </div>
      ) : courses.length === 0 ? (
        <EmptyState title={t('catalog.noneFound')} icon={<SearchX size={40} />}>
          {filtered ? (
            <span className="flex flex-col items-center gap-3">
              {q ? t('catalog.noMatchSearch') : t('catalog.noMatch')}
              <Button variant="secondary" onClick={onClear}>
                {t('catalog.clearAllFilters')}
              </Button>
            </span>
          ) : (
            t('catalog.nonePublished')
          )}
        </EmptyState>
      ) : (
        <CourseGrid catalog={catalog} courses={courses} filtered={filtered} />
      )}
    </>
  );
}

function CourseGrid({
  catalog,
  courses,
  filtered,
}: {
  catalog: ReturnType<typeof useCatalog>;
  courses: CatalogPage['courses'];
  filtered: boolean;
}) {
  const t = useT();
  const { data, isError, isFetchingNextPage, isPlaceholderData, hasNextPage, fetchNextPage } = catalog;
  // The first rows render at once; the other cards of a page that arrives render in a transition
  // (in slices of a few milliseconds), so the first card shows sooner and a tap is never kept
  // waiting behind a page of cards. Only the count lags: the cards are always the current ones.
  const deferredCount = useDeferredValue(courses.length, 0);
  const shown = courses.slice(0, Math.max(Math.min(courses.length, OFFSCREEN_AFTER), deferredCount));
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  // Not while the rest of a page is still to render: the sentinel is then near the top.
  const sentinel = useNextPageWhenVisible(loadMore, hasNextPage && !isError && shown.length === courses.length);
  return (
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
            title={t('catalog.moreFailed')}
            onRetry={() => void fetchNextPage()}
            retrying={isFetchingNextPage}
          />
        ) : hasNextPage ? (
          <Button variant="secondary" onClick={loadMore} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t('catalog.loadingMore') : t('catalog.showMore')}
          </Button>
        ) : (
          (data?.pages.length ?? 0) > 1 && (
            <p className="text-sm text-muted">{filtered ? t('catalog.seenAllSelection') : t('catalog.seenAll')}</p>
          )
        )}
      </div>
    </>
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
