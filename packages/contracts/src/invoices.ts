import { z } from 'zod';
import { schema } from './define.ts';

/**
 * Tax invoices and credit notes (issue #28, CGST Rule 46). One invoice per captured payment, one
 * credit note per refund, each in its own gapless series per financial year (April-March). Only
 * the buyer reads them. Amounts are rupees with paise; `total = taxable + cgst + sgst + igst`.
 */

export const INVOICE_KINDS = ['invoice', 'creditNote'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** A numbered document is at most 16 characters of letters, digits, `-` and `/` (GST rules). */
export const INVOICE_NUMBER_PATTERN = /^[A-Z0-9/-]{1,16}$/;

export const invoicePartySchema = schema(() =>
  z.object({
    name: z.string(),
    stateCode: z.string(),
    gstin: z.string().nullable(),
  }),
);

export const invoiceSchema = schema(() =>
  z.object({
    _id: z.string(),
    kind: z.enum(INVOICE_KINDS),
    number: z.string(),
    issuedAt: z.string(),
    orderId: z.string(),
    courseId: z.string(),
    seller: invoicePartySchema.extend({ address: z.string() }),
    buyer: invoicePartySchema,
    placeOfSupply: z.object({ stateCode: z.string(), stateName: z.string() }),
    sac: z.string(),
    description: z.string(),
    /** 0 when the seller is not GST-registered: the document is a receipt without tax lines. */
    gstRate: z.number(),
    price: z.number(),
    discount: z.number(),
    taxable: z.number(),
    cgst: z.number(),
    sgst: z.number(),
    igst: z.number(),
    total: z.number(),
    totalInWords: z.string(),
    /** A credit note: the number of the invoice it reverses; null on an invoice. */
    refersTo: z.string().nullable(),
    reverseCharge: z.literal(false),
  }),
);
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = schema(() => z.object({ invoices: z.array(invoiceSchema) }));
export type InvoiceList = z.infer<typeof invoiceListSchema>;
