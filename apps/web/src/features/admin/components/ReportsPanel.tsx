import { GST_TABLES } from '@kaksha/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClass } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextInput } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api';
import { formatPaise } from '@/lib/format';
import { gstCsvUrl, useGstReport, useReconcile } from '../api/admin';

const TABLE_LABELS = {
  b2b: 'B2B',
  b2cl: 'B2CL',
  b2cs: 'B2CS',
  creditNotes: 'Credit notes',
  sac: 'SAC summary',
} as const;
const lastMonth = () => {
  const d = new Date();
  d.setDate(0);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/** The month-end routine: reconcile, then the month's GSTR-1 totals and each table as CSV. */
export function ReportsPanel() {
  const [month, setMonth] = useState(lastMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const report = useGstReport(valid ? month : '');
  const reconcile = useReconcile();
  const totals = valid ? report.data?.totals : undefined;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="p-5">
        <h2 className="mb-3 text-lg font-semibold text-ink">Reconcile</h2>
        <p className="mb-3 text-sm text-muted">
          Payments, invoices, refunds, credit notes, the ledger and payouts checked against each other.
        </p>
        <Button variant="secondary" busy={reconcile.isPending} onClick={() => reconcile.mutate()}>
          Check now
        </Button>
        <div aria-live="polite" className="mt-3 text-sm">
          {reconcile.isError && <p className="text-red-700">{errorMessage(reconcile.error)}</p>}
          {reconcile.data?.ok && <p className="font-medium text-green-800">No differences.</p>}
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
        <h2 className="mb-3 text-lg font-semibold text-ink">GST return (GSTR-1)</h2>
        <div className="w-48">
          <TextInput label="Month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        </div>
        {totals && (
          <p className="mt-3 text-sm text-ink">
            Taxable {formatPaise(totals.taxable)} · IGST {formatPaise(totals.igst)} · CGST {formatPaise(totals.cgst)} ·
            SGST {formatPaise(totals.sgst)} · Total {formatPaise(totals.total)}
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
              {TABLE_LABELS[table]} CSV
            </a>
          ))}
        </div>
      </Card>
    </div>
  );
}
