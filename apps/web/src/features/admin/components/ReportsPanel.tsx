import { GST_TABLES } from '@kaksha/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClass } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextInput } from '@/components/ui/Field';
import { type MessageKey, useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { formatPaise } from '@/lib/format';
import { gstCsvUrl, useGstReport, useReconcile } from '../api/admin';

const TABLE_LABELS = {
  b2b: 'admin.reports.b2b',
  b2cl: 'admin.reports.b2cl',
  b2cs: 'admin.reports.b2cs',
  creditNotes: 'admin.reports.creditNotes',
  sac: 'admin.reports.sac',
} as const satisfies Record<string, MessageKey>;
const lastMonth = () => {
  const d = new Date();
  d.setDate(0);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/** The month-end routine: reconcile, then the month's GSTR-1 totals and each table as CSV. */
export function ReportsPanel() {
  const t = useT();
  const [month, setMonth] = useState(lastMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const report = useGstReport(valid ? month : '');
  const reconcile = useReconcile();
  const totals = valid ? report.data?.totals : undefined;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="p-5">
        <h2 className="mb-3 text-lg font-semibold text-ink">{t('admin.reports.reconcile')}</h2>
        <p className="mb-3 text-sm text-muted">{t('admin.reports.reconcileText')}</p>
        <Button variant="secondary" busy={reconcile.isPending} onClick={() => reconcile.mutate()}>
          {t('admin.reports.check')}
        </Button>
        <div aria-live="polite" className="mt-3 text-sm">
          {reconcile.isError && <p className="text-red-700">{errorMessage(reconcile.error)}</p>}
          {reconcile.data?.ok && <p className="font-medium text-green-800">{t('admin.reports.noDifferences')}</p>}
          {reconcile.data && !reconcile.data.ok && (
            <ul className="list-disc pl-5 text-red-800">
              {reconcile.data.differences.map((d, i) => (
                <li key={`${d.check}-${i}`}>{d.message}</li>
              ))}
            </ul>
          )}
        </div>
      </Card>
      <Card className="p-5">
        <h2 className="mb-3 text-lg font-semibold text-ink">{t('admin.reports.gst')}</h2>
        <div className="w-48">
          <TextInput
            label={t('earnings.month')}
            type="month"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
          />
        </div>
        {totals && (
          <p className="mt-3 text-sm text-ink">
            {t('admin.reports.totals', {
              taxable: formatPaise(totals.taxable),
              igst: formatPaise(totals.igst),
              cgst: formatPaise(totals.cgst),
              sgst: formatPaise(totals.sgst),
              total: formatPaise(totals.total),
            })}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {GST_TABLES.map((table) => (
            <a
              key={table}
              href={valid ? gstCsvUrl(month, table) : undefined}
              download
              className={buttonClass('secondary', 'sm')}
            >
              <Download size={14} aria-hidden="true" />
              {t(TABLE_LABELS[table])} CSV
            </a>
          ))}
        </div>
      </Card>
    </div>
  );
}
