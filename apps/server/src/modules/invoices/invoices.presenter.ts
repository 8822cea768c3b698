import { GST_STATES, type Invoice, isGstStateCode } from '@kaksha/contracts';
import type { StoredDocument } from './invoices.queries.ts';
import { totalInWords } from './invoices.words.ts';

/** Paise (stored) as rupees with paise (answered): 110085 → 1100.85. */
const rupees = (paise: number) => paise / 100;

export const stateName = (code: string) => (isGstStateCode(code) ? GST_STATES[code] : code);

/** A stored invoice or credit note as the API answers it (contracts `invoiceSchema`). */
export function presentInvoice({ row, courseId, original }: StoredDocument): Invoice {
  return {
    _id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    orderId: row.orderId,
    courseId,
    seller: row.seller,
    buyer: row.buyer,
    placeOfSupply: { stateCode: row.placeOfSupply, stateName: stateName(row.placeOfSupply) },
    sac: row.sac,
    description: row.description,
    gstRate: row.gstRate,
    price: rupees(row.price),
    discount: rupees(row.discount),
    taxable: rupees(row.taxable),
    cgst: rupees(row.cgst),
    sgst: rupees(row.sgst),
    igst: rupees(row.igst),
    total: rupees(row.total),
    totalInWords: totalInWords(row.total),
    refersTo: original?.number ?? null,
    reverseCharge: false,
  };
}
