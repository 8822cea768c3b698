import type { InvoiceKind } from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.ts';
import { invoiceSeries } from '../../core/db/schema/index.ts';

/**
 * Document numbers (CGST Rule 46(b)): at most 16 characters of letters, digits, `-` and `/`, one
 * consecutive series per kind and financial year. The number says its series:
 *
 *   invoice      KAK/2627/0000001    prefix / financial year / sequence
 *   credit note  KAKC/2627/000001    the prefix marked C
 *
 * the sequence zero-padded to fill the 16 characters, so numbers of a series sort as they were
 * issued. The prefix is 1-4 characters (INVOICE_PREFIX), leaving at least 5 digits per series.
 */

export const NUMBER_LENGTH = 16;
const PREFIX = /^[A-Z0-9]{1,4}$/;

/** India has one time zone, UTC+05:30, and no daylight saving. */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The financial year (April-March, India time) a moment falls in, as its first year: 2026 for 2026-27. */
export function financialYear(at: Date): number {
  const india = new Date(at.getTime() + INDIA_OFFSET_MS);
  const year = india.getUTCFullYear();
  return india.getUTCMonth() >= 3 ? year : year - 1;
}

const twoDigits = (year: number) => String(year % 100).padStart(2, '0');

/** The number of the `sequence`th document of a kind in a financial year. */
export function documentNumber(kind: InvoiceKind, prefix: string, year: number, sequence: number): string {
  if (!PREFIX.test(prefix)) throw new Error(`Invoice prefix "${prefix}" must be 1 to 4 capital letters or digits`);
  const head = `${prefix}${kind === 'creditNote' ? 'C' : ''}/${twoDigits(year)}${twoDigits(year + 1)}/`;
  const width = NUMBER_LENGTH - head.length;
  if (!Number.isSafeInteger(sequence) || sequence < 1 || String(sequence).length > width) {
    throw new Error(
      `The ${kind === 'creditNote' ? 'credit note' : 'invoice'} series ${head} is full: number ${sequence} does not fit its ${width} digits (GST numbers are at most ${NUMBER_LENGTH} characters); choose a shorter INVOICE_PREFIX`,
    );
  }
  return head + String(sequence).padStart(width, '0');
}

/**
 * Takes the next sequence of a series in the caller's transaction: the series' row is created or
 * incremented and stays locked until the transaction ends, so concurrent issues queue on it and a
 * rolled-back issue gives its number back. Hence no gaps and no duplicates.
 */
export async function nextSequence(tx: Tx, kind: InvoiceKind, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ kind, financialYear: year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [invoiceSeries.kind, invoiceSeries.financialYear],
      set: { lastSequence: sql`${invoiceSeries.lastSequence} + 1` },
    })
    .returning({ sequence: invoiceSeries.lastSequence });
  return (row as { sequence: number }).sequence;
}
