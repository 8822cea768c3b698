import { Download } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/Button';
import { Select } from '@/components/ui/Field';
import { statementUrl } from '../api/earnings';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The months offered (the summary's 12, newest first): `YYYY-MM` with its name. */
const options = (months: string[]) =>
  [...months].reverse().map((month) => ({
    value: month,
    label: `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`,
  }));

/** A month's statement as CSV: opening balance, a line per entry, totals, closing balance. */
export function StatementDownload({ months }: { months: string[] }) {
  const choices = options(months);
  const [month, setMonth] = useState(choices[0]?.value ?? '');
  return (
    <section aria-labelledby="statement-heading" className="flex flex-wrap items-end gap-3">
      <h2 id="statement-heading" className="sr-only">
        Statements
      </h2>
      <div className="min-w-48 flex-1 sm:flex-none">
        <Select label="Statement month" value={month} onChange={(e) => setMonth(e.target.value)} options={choices} />
      </div>
      <a href={statementUrl(month)} download className={buttonClass('secondary', 'md')}>
        <Download size={16} aria-hidden="true" />
        Download statement (CSV)
      </a>
    </section>
  );
}
