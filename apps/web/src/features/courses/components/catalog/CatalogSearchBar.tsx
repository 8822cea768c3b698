import { CATALOG_SORTS, type CatalogSort } from '@kaksha/contracts';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { useT } from '@/i18n';
import { SORT_LABELS } from '../catalog-url';

/** The keyword box and the order, side by side from lg. */
export function CatalogSearchBar({
  q,
  sort,
  onSearch,
  onSort,
}: {
  q: string;
  sort: CatalogSort;
  onSearch: (q: string) => void;
  onSort: (sort: CatalogSort) => void;
}) {
  return (
    <div className="mb-3 flex flex-col gap-3 lg:flex-row lg:items-end">
      <SearchBox key={q} initial={q} onSearch={onSearch} />
      <SortSelect value={sort} onChange={onSort} />
    </div>
  );
}

/** The keyword: typed freely, searched on Enter or the button (one request per search, not per key). */
function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const t = useT();
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
            {t('catalog.searchLabel')}
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
              placeholder={t('catalog.searchPlaceholder')}
              className="w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-9 pr-3 text-sm text-ink placeholder:text-slate-500 focus:border-ink focus:outline-none focus:ring-2 focus:ring-brand-400"
            />
          </div>
        </div>
        <Button type="submit">{t('catalog.search')}</Button>
      </form>
    </search>
  );
}

function SortSelect({ value, onChange }: { value: CatalogSort; onChange: (sort: CatalogSort) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5 lg:w-52">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {t('catalog.sortBy')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as CatalogSort)}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-ink focus:border-ink focus:outline-none focus:ring-2 focus:ring-brand-400"
      >
        {CATALOG_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(SORT_LABELS[sort])}
          </option>
        ))}
      </select>
    </div>
  );
}
