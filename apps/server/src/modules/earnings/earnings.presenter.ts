import { LEDGER_KIND_LABELS, type LedgerEntry } from '@kaksha/contracts';
import { rupees } from '../billing/billing.service.ts';
import type { EntryWithRefs } from './earnings.queries.ts';

/** Shaping the ledger for answers (rupees with paise) and statements (CSV). */

export function presentEntry(
  { entry, course, couponCode, invoiceNumber, creditNoteNumber, payout }: EntryWithRefs,
  now: Date,
): LedgerEntry {
  return {
    _id: entry.id,
    at: entry.at.toISOString(),
    kind: entry.kind,
    gross: rupees(entry.gross),
    gst: rupees(entry.gst),
    platformFee: rupees(entry.platformFee),
    educatorShare: rupees(entry.educatorShare),
    availableAt: entry.availableAt.toISOString(),
    pending: entry.availableAt > now,
    course: course ? { _id: course.id, title: course.title } : null,
    document: invoiceNumber ?? creditNoteNumber ?? null,
    couponCode: couponCode ?? null,
    payout: payout ? { _id: payout.id, status: payout.status, reference: payout.reference } : null,
    reason: entry.reason,
  };
}

/** Paise as `1234.50`: no grouping, two decimals, a minus for debits (spreadsheets read it as a number). */
const amount = (paise: number) => {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/**
 * A CSV cell: quoted when it holds a separator, a quote or a line break; text a spreadsheet would
 * run as a formula (=, +, -, @ first) gets a leading apostrophe, numbers excepted.
 */
export function csvCell(value: string | number | null) {
  if (value === null) return '';
  let text = String(value);
  // A plain number (a debit's leading minus included) is safe; other text starting so is not.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

const istDate = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/**
 * The month's statement: one line per entry in the order written, between an opening and a closing
 * balance; the total line adds each column, so gross = GST + platform fee + share on it, and
 * closing = opening + the total share.
 */
export function statementCsv(month: string, opening: number, rows: EntryWithRefs[]) {
  const header = [
    'Date',
    'Type',
    'Document',
    'Course',
    'Gross (INR)',
    'GST (INR)',
    'Platform fee (INR)',
    'Your share (INR)',
    'Available from',
    'Note',
  ];
  const totals = { gross: 0, gst: 0, fee: 0, share: 0 };
  let csv = csvLine(header);
  csv += csvLine([`${month}-01`, 'Opening balance', null, null, null, null, null, amount(opening), null, null]);
  for (const row of rows) {
    const { entry } = row;
    totals.gross += entry.gross;
    totals.gst += entry.gst;
    totals.fee += entry.platformFee;
    totals.share += entry.educatorShare;
    const document = row.invoiceNumber ?? row.creditNoteNumber ?? row.payout?.reference ?? null;
    csv += csvLine([
      istDate(entry.at),
      LEDGER_KIND_LABELS[entry.kind],
      document,
      row.course?.title ?? null,
      amount(entry.gross),
      amount(entry.gst),
      amount(entry.platformFee),
      amount(entry.educatorShare),
      istDate(entry.availableAt),
      entry.reason ?? (row.couponCode ? `Coupon ${row.couponCode}` : null),
    ]);
  }
  csv += csvLine([
    null,
    'Total',
    null,
    null,
    amount(totals.gross),
    amount(totals.gst),
    amount(totals.fee),
    amount(totals.share),
    null,
    `${rows.length} entries`,
  ]);
  csv += csvLine([null, 'Closing balance', null, null, null, null, null, amount(opening + totals.share), null, null]);
  return csv;
}
