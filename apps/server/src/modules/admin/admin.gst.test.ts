import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingDetails, paymentOrders } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { recordSale, reverseSale } from '../earnings/earnings.service.ts';
import { caller } from '../earnings/test-helpers.ts';
import { issueCreditNote, issueInvoice } from '../invoices/invoices.service.ts';

/**
 * The GSTR-1 tables over a generated month: 1,000 sales (registered and unregistered buyers, in the
 * seller's state and elsewhere, a few above ₹1,00,000, one in six with a coupon), one in eight
 * refunded. Each sale is made as payments makes it: a paid order, its invoice and its ledger sale in
 * one transaction; each refund its credit note and reversal in another.
 */

const SALES = 1000;
const paise = (rupees: number) => Math.round(rupees * 100);

/** A deterministic sequence, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('the GST return (GSTR-1) and reconciliation', async () => {
  const app = await buildTestApp();
  const call = caller(app);
  const operator = await createUser(app);
  await app.db.execute(sql`update users set role = 'admin' where id = ${operator.id}`);
  const adminCookie = await loginCookie(app, operator);
  const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
  const [year, m] = month.split('-').map(Number) as [number, number];
  const monthStart = Date.UTC(year, m - 1, 1) - 330 * 60_000;
  const next = random(31);

  const educators = [await createUser(app, { role: 'educator' }), await createUser(app, { role: 'educator' })];
  const courses = [
    await createCourse(app, educators[0]!.id, { price: 499 }),
    await createCourse(app, educators[0]!.id, { price: 2999 }),
    await createCourse(app, educators[1]!.id, { price: 1299 }),
    await createCourse(app, educators[1]!.id, { price: 150_000 }),
  ];
  // Buyers: unregistered in the seller's state (29) and elsewhere, registered businesses, none saved.
  const buyers: string[] = [];
  const kinds = [
    { stateCode: '29', gstin: null },
    { stateCode: '07', gstin: null },
    { stateCode: '27', gstin: '27AAPFU0939F1ZV' },
    { stateCode: '29', gstin: '29AABCT1332L1ZT' },
    null,
  ];
  for (const [i, kind] of kinds.entries()) {
    for (let j = 0; j < 4; j++) {
      const user = await createUser(app);
      if (kind) await app.db.insert(billingDetails).values({ userId: user.id, name: `Buyer ${i}-${j}`, ...kind });
      buyers.push(user.id);
    }
  }

  let refunded = 0;
  for (let i = 0; i < SALES; i++) {
    const course = courses[i % 50 === 7 ? 3 : Math.floor(next() * 3)]!;
    const price = paise(course.price as number);
    const discount = i % 6 === 0 ? Math.round(price * 0.15) : 0;
    const paidAt = new Date(monthStart + Math.floor(next() * (Date.now() - monthStart)));
    await app.db.transaction(async (tx) => {
      const [order] = await tx
        .insert(paymentOrders)
        .values({
          providerOrderId: `order_${randomUUID().replaceAll('-', '')}`,
          provider: 'sandbox',
          userId: buyers[Math.floor(next() * buyers.length)]!,
          courseId: course.id,
          amount: price - discount,
          price,
          discount,
          couponCode: discount ? 'SIXTH' : null,
          status: 'paid',
          paidAt,
          expiresAt: new Date(Date.now() + 60_000),
        })
        .returning();
      await issueInvoice(tx, app.config.billing, order!.id);
      await recordSale(tx, app.config.earnings, order!.id);
      if (i % 8 === 3) {
        await issueCreditNote(tx, app.config.billing, order!.id);
        await reverseSale(tx, order!.id);
        refunded++;
      }
    });
  }

  const report = async () => {
    const res = await call('GET', `/api/admin/gst/report?month=${month}`, adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("totals are the month's invoices less its credit notes, to the paisa, and every table adds up to them", async () => {
    const r = await report();
    const { rows } = await app.db.execute<{
      taxable: string;
      igst: string;
      cgst: string;
      sgst: string;
      total: string;
      invoices: number;
      notes: number;
    }>(sql`
      select sum(case kind when 'invoice' then taxable else -taxable end)::bigint as taxable,
        sum(case kind when 'invoice' then igst else -igst end)::bigint as igst,
        sum(case kind when 'invoice' then cgst else -cgst end)::bigint as cgst,
        sum(case kind when 'invoice' then sgst else -sgst end)::bigint as sgst,
        sum(case kind when 'invoice' then total else -total end)::bigint as total,
        count(*) filter (where kind = 'invoice')::int as invoices, count(*) filter (where kind = 'creditNote')::int as notes
      from invoices`);
    const db = rows[0]!;
    expect(db.invoices).toBe(SALES);
    expect(db.notes).toBe(refunded);
    const totalsInPaise = Object.fromEntries(Object.entries(r.totals).map(([k, v]) => [k, paise(v as number)]));
    expect(totalsInPaise).toEqual({
      taxable: Number(db.taxable),
      igst: Number(db.igst),
      cgst: Number(db.cgst),
      sgst: Number(db.sgst),
      total: Number(db.total),
    });
    // Each part, added in paise: b2b + b2cl + b2cs − credit notes (CDNR, CDNUR) = totals.
    for (const key of ['taxable', 'igst', 'cgst', 'sgst'] as const) {
      const sum = (rows: Record<string, number>[]) => rows.reduce((acc, row) => acc + paise(row[key] as number), 0);
      expect(sum(r.b2b) + sum(r.b2cl) + sum(r.b2cs) - sum(r.creditNotes), key).toBe(totalsInPaise[key]);
      expect(sum(r.sac), `sac ${key}`).toBe(totalsInPaise[key]);
    }
    // Every table is there, and classed as GSTR-1 wants.
    expect(r.b2b.length).toBeGreaterThan(0);
    expect(r.b2b.every((row: { gstin: string }) => /^[0-9]{2}[A-Z0-9]{13}$/.test(row.gstin))).toBe(true);
    expect(r.b2cl.length).toBeGreaterThan(0);
    expect(
      r.b2cl.every(
        (row: { value: number; placeOfSupply: string }) => row.value > 100_000 && !row.placeOfSupply.startsWith('29-'),
      ),
    ).toBe(true);
    expect(r.creditNotes.map((n: { type: string }) => n.type).sort()).toContain('cdnr');
    expect(r.b2cs.map((row: { placeOfSupply: string }) => row.placeOfSupply)).toEqual(
      expect.arrayContaining(['07-Delhi', '29-Karnataka']),
    );
    // Intra-state: CGST and SGST; inter-state: IGST only.
    for (const row of r.b2cs) expect(row.placeOfSupply.startsWith('29-') ? row.igst : row.cgst + row.sgst).toBe(0);
  });

  it('the ledger agrees with the return: sales less refunds are the totals, their GST the tax', async () => {
    const r = await report();
    const { rows } = await app.db.execute<{ gross: string; gst: string }>(sql`
      select sum(gross)::bigint as gross, sum(gst)::bigint as gst from ledger_entries where kind in ('sale', 'refund')`);
    expect(Number(rows[0]!.gross)).toBe(paise(r.totals.total));
    expect(Number(rows[0]!.gst)).toBe(paise(r.totals.igst) + paise(r.totals.cgst) + paise(r.totals.sgst));
  });

  it('each table as CSV, with the offline tool’s columns and the same figures', async () => {
    const r = await report();
    const csv = async (table: string) => {
      const res = await call('GET', `/api/admin/gst/report?month=${month}&format=csv&table=${table}`, adminCookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="gstr1-${month}-${table}.csv"`);
      return res.body
        .trim()
        .split('\r\n')
        .map((line) => line.split(','));
    };
    const b2cs = await csv('b2cs');
    expect(b2cs[0]?.slice(0, 5)).toEqual([
      'Type',
      'Place Of Supply',
      'Applicable % of Tax Rate',
      'Rate',
      'Taxable Value',
    ]);
    expect(b2cs.length - 1).toBe(r.b2cs.length);
    const taxable = b2cs.slice(1).reduce((sum, line) => sum + paise(Number(line[4])), 0);
    expect(taxable).toBe(r.b2cs.reduce((sum: number, row: { taxable: number }) => sum + paise(row.taxable), 0));
    const b2b = await csv('b2b');
    expect(b2b[0]?.[0]).toBe('GSTIN/UIN of Recipient');
    expect(b2b[1]?.[3]).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
    expect((await csv('sac'))[1]?.slice(0, 3)).toEqual(['999293', 'Commercial training and coaching services', 'NA']);
    expect((await csv('creditNotes')).length - 1).toBe(r.creditNotes.length);
    expect((await call('GET', `/api/admin/gst/report?month=${month}&format=csv`, adminCookie)).statusCode).toBe(400);
    expect(
      (await call('GET', `/api/admin/gst/report?month=${month}&format=csv&table=gstr3b`, adminCookie)).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/admin/gst/report?month=April', adminCookie)).statusCode).toBe(400);
  });

  it('another month has no documents and zero totals', async () => {
    const res = await call('GET', '/api/admin/gst/report?month=2019-01', adminCookie);
    expect(res.json()).toMatchObject({ b2b: [], b2cl: [], b2cs: [], creditNotes: [], sac: [], totals: { total: 0 } });
  });

  it('reconcile finds nothing on this database', async () => {
    const res = await call('GET', '/api/admin/reconcile', adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, differences: [] });
  });
});
