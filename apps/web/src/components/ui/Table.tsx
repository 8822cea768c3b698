import type { ReactNode } from 'react';
import { Card } from './Card';

export interface TableColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes for this column's header and cells (e.g. 'text-right', 'whitespace-nowrap'). */
  className?: string;
}

/** A simple data table in a card: column headers, one row per item, an optional caption below. */
export function Table<T>({
  columns,
  rows,
  rowKey,
  caption,
  className = '',
}: {
  columns: TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  caption?: ReactNode;
  className?: string;
}) {
  return (
    <Card className={`overflow-x-auto ${className}`}>
      <table className="w-full text-left text-sm">
        {caption && <caption className="caption-bottom py-4 text-center text-sm text-muted">{caption}</caption>}
        <thead className="bg-surface text-xs uppercase tracking-wide text-muted">
          <tr>
            {columns.map((col) => (
              <th key={col.header} scope="col" className={`px-5 py-3 ${col.className ?? ''}`}>
                {col.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="hover:bg-surface/60">
              {columns.map((col) => (
                <td key={col.header} className={`px-5 py-3 ${col.className ?? ''}`}>
                  {col.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
