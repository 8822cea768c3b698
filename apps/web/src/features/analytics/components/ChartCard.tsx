import { type ReactNode, useId } from 'react';
import { useT } from '@/i18n';
import { CHART_HEIGHT } from '@/lib/ui-constants';

export interface FigureColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Figures line up on the right. */
  numeric?: boolean;
}

/**
 * A chart with its figures as a table under it: the chart is a picture (hidden from screen
 * readers), the table says the same for everyone who wants the numbers (opened with "Show the
 * figures"). `chart` is left out where there is nothing to draw; with no rows, `empty` says why.
 */
export function ChartCard<T>({
  title,
  chart,
  columns,
  rows,
  rowKey,
  actions,
  empty,
}: {
  title: string;
  chart?: ReactNode;
  columns: FigureColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  actions?: ReactNode;
  empty?: string;
}) {
  const t = useT();
  const id = useId();
  return (
    // A region named by its title: a screen reader can jump from chart to chart.
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-4 rounded-card border border-line bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {actions}
      </div>
      {chart && (
        <div aria-hidden="true" style={{ height: CHART_HEIGHT }} className="min-w-0">
          {chart}
        </div>
      )}
      {rows.length === 0 && empty ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <details open={!chart} className="group rounded-lg border border-line">
          <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-surface">
            {t('analytics.showFigures')}
          </summary>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="bg-surface text-xs uppercase tracking-wide text-muted">
                <tr>
                  {columns.map((col) => (
                    <th key={col.header} scope="col" className={`px-3 py-2 ${col.numeric ? 'text-right' : ''}`}>
                      {col.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {rows.map((row) => (
                  <tr key={rowKey(row)}>
                    {columns.map((col, i) =>
                      i === 0 ? (
                        <th key={col.header} scope="row" className="px-3 py-2 font-normal text-ink">
                          {col.cell(row)}
                        </th>
                      ) : (
                        <td
                          key={col.header}
                          className={`px-3 py-2 ${col.numeric ? 'whitespace-nowrap text-right tabular-nums' : ''}`}
                        >
                          {col.cell(row)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}
