import { GST_STATES, type GstReport, type GstStateCode, type GstTable } from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { rupees } from '../billing/billing.service.ts';
import { csvLine } from '../earnings/earnings.service.ts';

/**
 * The month's GST return, shaped for GSTR-1 (issue #31), from the tax documents themselves (modules
 * invoices): the month is a calendar month in India time, each document in the month it was issued.
 * A buyer with a GSTIN is B2B; an unregistered buyer's inter-state invoice above ₹1,00,000 is B2CL
 * (the limit since August 2024); the rest is B2CS, summed by place of supply and rate net of its
 * credit notes, as the return wants it. Credit notes against B2B invoices are CDNR, against B2CL
 * invoices CDNUR (a credit note copies its invoice's buyer and figures, so it is classed the same).
 * The sums come from `gst_month_totals` (a trigger adds each document as it is issued, in paise), the
 * documents listed one by one from `invoices` through a partial index, so a month of 100,000 sales is
 * a few rows to add; the totals are the month's invoices less its credit notes to the paisa.
 */

const B2CL_ABOVE_PAISE = 1_00_000_00;
const IST_OFFSET_MS = 330 * 60_000;

const SAC_DESCRIPTIONS: Record<string, string> = {
  '999293': 'Commercial training and coaching services',
  '999294': 'Other education and training services',
};

function monthRange(month: string) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return {
    start: new Date(Date.UTC(year, m - 1, 1) - IST_OFFSET_MS),
    end: new Date(Date.UTC(year, m, 1) - IST_OFFSET_MS),
  };
}

/** `29-Karnataka`, as the return names a place of supply. */
const place = (code: string) => `${code}-${GST_STATES[code as GstStateCode] ?? code}`;
const istDay = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** What the return lists one by one (the partial index `invoices_gstr_listed_idx` holds exactly these). */
const listedDocument = sql`((i.buyer ->> 'gstin') is not null or (i.place_of_supply <> (i.seller ->> 'stateCode') and i.total > ${sql.raw(String(B2CL_ABOVE_PAISE))}))`;
/** The month's sums of one class, credit notes subtracted (from the totals the invoices trigger keeps). */
const sums = sql`sum(case t.kind when 'invoice' then t.taxable else -t.taxable end)::bigint as taxable,
  sum(case t.kind when 'invoice' then t.igst else -t.igst end)::bigint as igst,
  sum(case t.kind when 'invoice' then t.cgst else -t.cgst end)::bigint as cgst,
  sum(case t.kind when 'invoice' then t.sgst else -t.sgst end)::bigint as sgst,
  sum(case t.kind when 'invoice' then t.total else -t.total end)::bigint as total`;

interface DocumentRow {
  kind: 'invoice' | 'creditNote';
  number: string;
  issued_at: Date | string;
  gstin: string | null;
  name: string;
  place_of_supply: string;
  gst_rate: string;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  total: number;
  invoice_number: string | null;
  invoice_issued_at: Date | string | null;
}
interface SumRow {
  taxable: string;
  igst: string;
  cgst: string;
  sgst: string;
  total: string;
}

const money = (row: Record<'taxable' | 'igst' | 'cgst' | 'sgst', string | number>) => ({
  taxable: rupees(Number(row.taxable)),
  igst: rupees(Number(row.igst)),
  cgst: rupees(Number(row.cgst)),
  sgst: rupees(Number(row.sgst)),
});

/** The month's listed documents (B2B, B2C large, credit notes) and its B2C small and SAC totals. */
async function readGstMonth(db: Db, month: string) {
  const { start, end } = monthRange(month);
  const inMonth = sql`i.issued_at >= ${start} and i.issued_at < ${end}`;
  return db.transaction(async (tx) => {
    // The planner cannot tell how few documents the partial index holds and would spend most of a
    // second compiling (JIT) a query that runs in milliseconds.
    await tx.execute(sql`set local jit = off`);
    // One after the other: a transaction is one connection.
    return [
      await tx.execute<DocumentRow & Record<string, unknown>>(sql`
      select i.kind, i.number, i.issued_at, i.buyer ->> 'gstin' as gstin, i.buyer ->> 'name' as name,
        i.place_of_supply, i.gst_rate::text as gst_rate, i.taxable, i.igst, i.cgst, i.sgst, i.total,
        -- A credit note's invoice by its key, row by row: a join would hash the whole table (the
        -- planner cannot tell how few documents are listed).
        (select o.number from invoices o where o.id = i.refers_to) as invoice_number,
        (select o.issued_at from invoices o where o.id = i.refers_to) as invoice_issued_at
      from invoices i
      where ${inMonth} and ${listedDocument}
      order by i.issued_at, i.number`),
      await tx.execute<SumRow & { place_of_supply: string; gst_rate: string } & Record<string, unknown>>(sql`
      select t.place_of_supply, t.gst_rate::text as gst_rate, ${sums}
      from gst_month_totals t where t.month = ${month} and t.class = 'b2cs'
      group by t.place_of_supply, t.gst_rate order by t.place_of_supply, t.gst_rate`),
      await tx.execute<SumRow & { sac: string } & Record<string, unknown>>(sql`
      select t.sac, ${sums} from gst_month_totals t where t.month = ${month} group by t.sac order by t.sac`),
    ] as const;
  });
}

/** Each listed document into its table: an invoice to a GSTIN is B2B, one without B2C large; credit notes. */
function listDocument(report: GstReport, row: DocumentRow) {
  const date = (at: Date | string) => istDay(new Date(at));
  const figures = {
    value: rupees(Number(row.total)),
    placeOfSupply: place(row.place_of_supply),
    rate: Number(row.gst_rate),
    ...money(row),
  };
  if (row.kind === 'invoice' && row.gstin) {
    report.b2b.push({ gstin: row.gstin, name: row.name, number: row.number, date: date(row.issued_at), ...figures });
  } else if (row.kind === 'invoice') {
    report.b2cl.push({ number: row.number, date: date(row.issued_at), ...figures });
  } else {
    report.creditNotes.push({
      type: row.gstin ? 'cdnr' : 'cdnur',
      gstin: row.gstin,
      name: row.name,
      number: row.number,
      date: date(row.issued_at),
      invoiceNumber: row.invoice_number ?? '',
      invoiceDate: row.invoice_issued_at ? date(row.invoice_issued_at) : '',
      ...figures,
    });
  }
}

export async function gstReport(db: Db, month: string): Promise<GstReport> {
  const [listed, b2cs, sac] = await readGstMonth(db, month);
  const total = { taxable: 0, igst: 0, cgst: 0, sgst: 0, total: 0 };
  for (const row of sac.rows) for (const key of Object.keys(total) as (keyof SumRow)[]) total[key] += Number(row[key]);
  const report: GstReport = {
    month,
    b2b: [],
    b2cl: [],
    b2cs: b2cs.rows.map((row) => ({
      placeOfSupply: place(row.place_of_supply),
      rate: Number(row.gst_rate),
      ...money(row),
    })),
    creditNotes: [],
    sac: sac.rows.map((row) => ({
      sac: row.sac,
      description: SAC_DESCRIPTIONS[row.sac] ?? 'Services',
      ...money(row),
      total: rupees(Number(row.total)),
    })),
    // The month's whole supply: the SAC table adds every document, listed or summed.
    totals: { ...money(total), total: rupees(total.total) },
  };
  for (const row of listed.rows) listDocument(report, row);
  return report;
}

// ── CSV, one per table, with the GSTR-1 offline tool's column names ─────────────────────────────

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `05-Apr-2026`, the offline tool's date. */
const toolDate = (day: string) =>
  day ? `${day.slice(8, 10)}-${MONTHS[Number(day.slice(5, 7)) - 1]}-${day.slice(0, 4)}` : '';
const amount = (rupeesValue: number) => rupeesValue.toFixed(2);

type Cell = string | number | null;
type Column<Row> = readonly [header: string, cell: (row: Row) => Cell];
type Taxes = { taxable: number; igst: number; cgst: number; sgst: number };

/** The tax columns closing most tables; `rate` where the table has one. */
const taxColumns = <Row extends Taxes>(names: { igst: string; cgst: string; sgst: string }): Column<Row>[] => [
  ['Taxable Value', (r) => amount(r.taxable)],
  [names.igst, (r) => amount(r.igst)],
  [names.cgst, (r) => amount(r.cgst)],
  [names.sgst, (r) => amount(r.sgst)],
  ['Cess Amount', () => '0.00'],
];
const TAX = { igst: 'Integrated Tax', cgst: 'Central Tax', sgst: 'State/UT Tax' };
const rate = <Row extends { rate: number }>(): Column<Row> => ['Rate', (r) => r.rate];
const blank = <Row>(header: string): Column<Row> => [header, () => null];

/** Each table's rows and its columns, in the offline tool's order. */
const GST_CSV: {
  [T in GstTable]: { rows: (report: GstReport) => GstReport[T][number][]; columns: Column<GstReport[T][number]>[] };
} = {
  b2b: {
    rows: (report) => report.b2b,
    columns: [
      ['GSTIN/UIN of Recipient', (r) => r.gstin],
      ['Receiver Name', (r) => r.name],
      ['Invoice Number', (r) => r.number],
      ['Invoice date', (r) => toolDate(r.date)],
      ['Invoice Value', (r) => amount(r.value)],
      ['Place Of Supply', (r) => r.placeOfSupply],
      ['Reverse Charge', () => 'N'],
      blank('Applicable % of Tax Rate'),
      ['Invoice Type', () => 'Regular B2B'],
      blank('E-Commerce GSTIN'),
      rate(),
      ...taxColumns(TAX),
    ],
  },
  b2cl: {
    rows: (report) => report.b2cl,
    columns: [
      ['Invoice Number', (r) => r.number],
      ['Invoice date', (r) => toolDate(r.date)],
      ['Invoice Value', (r) => amount(r.value)],
      ['Place Of Supply', (r) => r.placeOfSupply],
      blank('Applicable % of Tax Rate'),
      rate(),
      ['Taxable Value', (r) => amount(r.taxable)],
      ['Integrated Tax', (r) => amount(r.igst)],
      ['Cess Amount', () => '0.00'],
      blank('E-Commerce GSTIN'),
    ],
  },
  b2cs: {
    rows: (report) => report.b2cs,
    columns: [
      ['Type', () => 'OE'],
      ['Place Of Supply', (r) => r.placeOfSupply],
      blank('Applicable % of Tax Rate'),
      rate(),
      ...taxColumns(TAX),
      blank('E-Commerce GSTIN'),
    ],
  },
  creditNotes: {
    rows: (report) => report.creditNotes,
    columns: [
      ['Type', (r) => r.type.toUpperCase()],
      ['GSTIN/UIN of Recipient', (r) => r.gstin],
      ['Receiver Name', (r) => r.name],
      ['Note Number', (r) => r.number],
      ['Note Date', (r) => toolDate(r.date)],
      ['Note Type', () => 'C'],
      ['Original Invoice Number', (r) => r.invoiceNumber],
      ['Original Invoice Date', (r) => toolDate(r.invoiceDate)],
      ['Place Of Supply', (r) => r.placeOfSupply],
      ['Reverse Charge', () => 'N'],
      ['Note Supply Type', (r) => (r.type === 'cdnr' ? 'Regular B2B' : 'B2CL')],
      ['Note Value', (r) => amount(r.value)],
      blank('Applicable % of Tax Rate'),
      rate(),
      ...taxColumns(TAX),
    ],
  },
  sac: {
    rows: (report) => report.sac,
    columns: [
      ['HSN', (r) => r.sac],
      ['Description', (r) => r.description],
      ['UQC', () => 'NA'],
      ['Total Quantity', () => 0],
      ['Total Value', (r) => amount(r.total)],
      ...taxColumns({ igst: 'Integrated Tax Amount', cgst: 'Central Tax Amount', sgst: 'State/UT Tax Amount' }),
    ],
  },
};

export function gstCsv<T extends GstTable>(report: GstReport, table: T) {
  const { rows, columns } = GST_CSV[table] as unknown as {
    rows: (report: GstReport) => GstReport[T][number][];
    columns: Column<GstReport[T][number]>[];
  };
  const lines: Cell[][] = [columns.map(([header]) => header)];
  for (const row of rows(report)) lines.push(columns.map(([, cell]) => cell(row)));
  return lines.map(csvLine).join('');
}
