import { Download } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/Button';
import { Select } from '@/components/ui/Field';
import { currentLocale, intlLocale, useT } from '@/i18n';
import { statementUrl } from '../api/earnings';

/** The months offered (the summary's 12, newest first): `YYYY-MM` with its name in the interface's language. */
const options = (months: string[]) => {
  const name = new Intl.DateTimeFormat(intlLocale(currentLocale()), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return [...months]
    .reverse()
    .map((month) => ({ value: month, label: name.format(new Date(`${month}-01T00:00:00Z`)) }));
};

/** A month's statement as CSV: opening balance, a line per entry, totals, closing balance. */
export function StatementDownload({ months }: { months: string[] }) {
  const t = useT();
  const choices = options(months);
  const [month, setMonth] = useState(choices[0]?.value ?? '');
  return (
    <section aria-labelledby="statement-heading" className="flex flex-wrap items-end gap-3">
      <h2 id="statement-heading" className="sr-only">
        {t('earnings.statements')}
      </h2>
      <div className="min-w-48 flex-1 sm:flex-none">
        <Select
          label={t('earnings.statementMonth')}
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          options={choices}
        />
      </div>
      <a href={statementUrl(month)} download className={buttonClass('secondary', 'md')}>
        <Download size={16} aria-hidden="true" />
        {t('earnings.downloadStatement')}
      </a>
    </section>
  );
}
