import type { CatalogFacets } from '@kaksha/contracts';
import { SlidersHorizontal, Sparkles, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, ButtonLink, buttonClass } from '@/components/ui/Button';
import { BackLink } from '@/components/ui/PageHeader';
import { useModalDrawer } from '@/components/ui/useModalDrawer';
import { useT } from '@/i18n';
import { formatNumber } from '@/lib/format';
import { CatalogFilterPanel } from '../CatalogFilterPanel';
import { activeFilterCount, type CatalogFilters } from '../catalog-url';

/**
 * The catalogue's side column: back home, Search with AI, and the filters — from md a sidebar,
 * always there; on phones a sheet over the page (the rest inert) behind Show/Hide Filters.
 */
export function CatalogSidebar({
  filters,
  facets,
  onChange,
  total,
  counting,
}: {
  filters: CatalogFilters;
  facets: CatalogFacets | undefined;
  onChange: (filters: CatalogFilters) => void;
  /** The courses the filters select, for the sheet's Show button (`counting` while not known). */
  total: number;
  counting: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  const sheet = useRef<HTMLDivElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  useModalDrawer(open, sheet);
  const close = () => {
    setOpen(false);
    toggleButton.current?.focus();
  };
  useCloseOnWideScreen(open, () => setOpen(false));
  const onCount = activeFilterCount(filters);
  const panel = <CatalogFilterPanel filters={filters} facets={facets} onChange={onChange} />;

  return (
    <aside className="md:w-64 md:shrink-0" aria-label={t('catalog.courseFilters')}>
      <div className="flex items-center justify-between gap-2 md:mb-3">
        <BackLink to="/" label={t('catalog.backHome')} />
        <button
          ref={toggleButton}
          type="button"
          className={buttonClass('secondary', 'sm', 'md:hidden')}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal size={16} aria-hidden="true" />
          {open ? t('catalog.hideFilters') : t('catalog.showFilters')}
          {onCount > 0 && ` (${onCount})`}
        </button>
      </div>
      {/* Outside the collapsible panel: always visible, also on phones. */}
      <ButtonLink to="/searchwithai" variant="primary" className="mt-3 w-full md:mb-4 md:mt-0">
        <Sparkles size={16} aria-hidden="true" />
        {t('nav.searchWithAi')}
      </ButtonLink>
      {/* Phones: a sheet over the page while open (the rest inert). From md: the sidebar, always there. */}
      {open ? (
        <div
          ref={sheet}
          id={id}
          role="dialog"
          aria-modal="true"
          aria-label={t('catalog.filters')}
          className="fixed inset-0 z-50 flex flex-col bg-surface md:hidden"
        >
          <div className="flex items-center justify-between border-b border-line bg-white px-4 py-3">
            <p className="text-lg font-bold text-ink">{t('catalog.filters')}</p>
            <Button variant="secondary" size="sm" icon={<X size={16} aria-hidden="true" />} onClick={close}>
              {t('catalog.hideFilters')}
            </Button>
          </div>
          <div className="flex-1 overflow-y-auto p-4">{panel}</div>
          <div className="border-t border-line bg-white p-4">
            <Button className="w-full" onClick={close}>
              {counting
                ? t('catalog.showCourses')
                : t('catalog.showCount', { count: total, shown: formatNumber(total) })}
            </Button>
          </div>
        </div>
      ) : (
        <div id={id} className="hidden rounded-card border border-line bg-surface p-4 md:block">
          {panel}
        </div>
      )}
    </aside>
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
