import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';
import { usePagedList } from '../api/admin';
import { ListState, MoreButton } from './MoreButton';

/**
 * A console list the operator searches (the server matches `q`), newest first, paged by the
 * server's cursor: the search form, the list's state, its rows in a card, "Show more".
 */
export function SearchableList<Page extends { nextCursor: string | null }, Row extends { _id: string }>({
  list,
  path,
  rowsOf,
  renderRow,
  searchLabel,
  searchHint,
  listLabel,
}: {
  /** The list's name in the query cache. */
  list: string;
  path: string;
  rowsOf: (page: Page) => Row[];
  renderRow: (row: Row) => ReactNode;
  searchLabel: string;
  searchHint: string;
  listLabel: string;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const pages = usePagedList<Page>(list, path, { q });
  const rows = pages.data?.pages.flatMap(rowsOf) ?? [];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setQ(typed.trim());
  };
  return (
    <div className="flex flex-col gap-4">
      <search>
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <TextInput label={searchLabel} value={typed} onChange={(e) => setTyped(e.target.value)} hint={searchHint} />
          </div>
          <Button type="submit" variant="secondary">
            {t('catalog.search')}
          </Button>
        </form>
      </search>
      <ListState list={pages} empty={rows.length === 0} />
      {rows.length > 0 && (
        <Card>
          <ul className="divide-y divide-line" aria-label={listLabel}>
            {rows.map(renderRow)}
          </ul>
        </Card>
      )}
      <MoreButton list={pages} />
    </div>
  );
}
