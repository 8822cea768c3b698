import { randomUUID } from 'node:crypto';
import { invoiceSchema } from '@kaksha/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../../core/config.ts';
import { invoiceSeries, invoices, paymentOrders } from '../../core/db/schema/index.ts';
import { pdfLines } from '../../core/pdf-glyphs.test-helpers.ts';
import { buildTestApp, createCourse, createUser, loginCookie, type TestApp } from '../../test/app.ts';
import { financialYear } from './invoices.numbering.ts';
import { PDF_RATE_LIMIT } from './invoices.routes.ts';
import { issueCreditNote, issueInvoice } from './invoices.service.ts';

/** A paid order as payments leaves it (amounts in paise; `price: null` is an order from before coupons). */
async function paidOrder(
  app: TestApp,
  userId: string,
  courseId: string,
  fields: Partial<{
    amount: number;
    price: number | null;
    discount: number;
    paidAt: Date;
    status: 'paid' | 'created';
  }> = {},
) {
  const amount = fields.amount ?? 129_900;
  const [order] = await app.db
    .insert(paymentOrders)
    .values({
      providerOrderId: `order_${randomUUID().replaceAll('-', '')}`,
      provider: 'sandbox',
      userId,
      courseId,
      amount,
      price: fields.price === undefined ? amount + (fields.discount ?? 0) : fields.price,
      discount: fields.discount ?? 0,
      status: fields.status ?? 'paid',
      paidAt: fields.status === 'created' ? null : (fields.paidAt ?? new Date()),
      expiresAt: new Date(Date.now() + 30 * 60_000),
    })
    .returning();
  return order as typeof paymentOrders.$inferSelect;
}

const invoiceOf = (app: TestApp, orderId: string) =>
  app.db.transaction((tx) => issueInvoice(tx, app.config.billing, orderId));
const creditNoteOf = (app: TestApp, orderId: string) =>
  app.db.transaction((tx) => issueCreditNote(tx, app.config.billing, orderId));

async function learnerIn(app: TestApp, name?: string) {
  const user = await createUser(app, { name });
  return { user, cookie: await loginCookie(app, user) };
}

/** What a credit note copies from its invoice: all but what names and dates the document. */
const figures = ({ _id, kind, number, issuedAt, refersTo, ...rest }: Record<string, unknown>) => rest;

const get = (app: TestApp, url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('tax invoices and credit notes (demo seller: Karnataka, registered, 18%)', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator' });
  const course = await createCourse(app, educator.id, { title: 'Algebra Basics', price: 1299 });
  const seller = {
    name: DEMO_SELLER.legalName,
    address: DEMO_SELLER.address,
    gstin: DEMO_SELLER.gstin,
    stateCode: DEMO_SELLER.stateCode,
  };

  it('numbers by the financial year in India: 31 March 23:59 and 1 April 00:00 fall in different series', async () => {
    const { user } = await learnerIn(app);
    const march = await paidOrder(app, user.id, course.id, { paidAt: new Date('2021-03-31T18:29:00Z') });
    const april = await paidOrder(app, user.id, course.id, { paidAt: new Date('2021-03-31T18:30:00Z') });
    const later = await paidOrder(app, user.id, course.id, { paidAt: new Date('2022-03-31T18:29:59Z') });
    expect((await invoiceOf(app, march.id)).number).toBe('KAK/2021/0000001');
    expect((await invoiceOf(app, april.id)).number).toBe('KAK/2122/0000001');
    expect((await invoiceOf(app, later.id)).number).toBe('KAK/2122/0000002');
    // Dated when paid: the date and the series agree.
    const [row] = await app.db.select().from(invoices).where(eq(invoices.orderId, april.id));
    expect(row?.issuedAt.toISOString()).toBe('2021-03-31T18:30:00.000Z');
    expect(row).toMatchObject({ financialYear: 2021, sequence: 1 });
  });

  it('numbers 20 concurrent purchases 1 to 20: no gap, no duplicate', async () => {
    const { user } = await learnerIn(app);
    const paidAt = new Date('2031-06-01T06:00:00Z');
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await paidOrder(app, user.id, course.id, { paidAt }));
    const issued = await Promise.all(orders.map((order) => invoiceOf(app, order.id)));
    expect(issued.map((d) => d.number).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `KAK/3132/${String(i + 1).padStart(7, '0')}`),
    );
    expect(new Set(issued.map((d) => d.id)).size).toBe(20);
    const rows = await app.db.select().from(invoices).where(eq(invoices.financialYear, 2031));
    expect(rows.map((r) => r.orderId).sort()).toEqual(orders.map((o) => o.id).sort());
    const [series] = await app.db
      .select()
      .from(invoiceSeries)
      .where(and(eq(invoiceSeries.kind, 'invoice'), eq(invoiceSeries.financialYear, 2031)));
    expect(series?.lastSequence).toBe(20);
  });

  it('gives the number back when the transaction that took it rolls back', async () => {
    const { user } = await learnerIn(app);
    const paidAt = new Date('2032-06-01T06:00:00Z');
    const lost = await paidOrder(app, user.id, course.id, { paidAt });
    await expect(
      app.db.transaction(async (tx) => {
        expect((await issueInvoice(tx, app.config.billing, lost.id)).number).toBe('KAK/3233/0000001');
        throw new Error('payment step failed');
      }),
    ).rejects.toThrow('payment step failed');
    const next = await paidOrder(app, user.id, course.id, { paidAt });
    expect((await invoiceOf(app, next.id)).number).toBe('KAK/3233/0000001');
    expect((await invoiceOf(app, lost.id)).number).toBe('KAK/3233/0000002');
  });

  it('issues one invoice per order: again, or twice at once, answers the same one', async () => {
    const { user } = await learnerIn(app);
    const paidAt = new Date('2033-06-01T06:00:00Z');
    const order = await paidOrder(app, user.id, course.id, { paidAt });
    const first = await invoiceOf(app, order.id);
    expect(await invoiceOf(app, order.id)).toEqual(first);
    const other = await paidOrder(app, user.id, course.id, { paidAt });
    const [a, b] = await Promise.all([invoiceOf(app, other.id), invoiceOf(app, other.id)]);
    expect(a).toEqual(b);
    // No number was used up by the repeats.
    expect([first.number, a?.number]).toEqual(['KAK/3334/0000001', 'KAK/3334/0000002']);
    expect(await app.db.$count(invoices, eq(invoices.orderId, other.id))).toBe(1);
  });

  it('refuses to invoice an unpaid order, a free one, or one whose figures do not add up', async () => {
    const { user } = await learnerIn(app);
    const unpaid = await paidOrder(app, user.id, course.id, { status: 'created' });
    await expect(invoiceOf(app, unpaid.id)).rejects.toThrow(/it is created, not paid/);
    const free = await paidOrder(app, user.id, course.id, { amount: 0, price: 129_900, discount: 129_900 });
    await expect(invoiceOf(app, free.id)).rejects.toThrow(/nothing was charged/);
    const odd = await paidOrder(app, user.id, course.id, { amount: 99_900, price: 129_900, discount: 10_000 });
    await expect(invoiceOf(app, odd.id)).rejects.toThrow(/is not the amount/);
    await expect(invoiceOf(app, randomUUID())).rejects.toThrow(/no such order/);
    expect(await app.db.$count(invoices, eq(invoices.userId, user.id))).toBe(0);
  });

  it("splits CGST + SGST for a buyer without details (the seller's state), with the discount", async () => {
    const { user, cookie } = await learnerIn(app, 'Ravi Learner');
    const order = await paidOrder(app, user.id, course.id, {
      amount: 99_900,
      price: 129_900,
      discount: 30_000,
      paidAt: new Date('2026-05-10T05:00:00Z'),
    });
    const { id, number } = await invoiceOf(app, order.id);
    const res = await get(app, `/api/invoice/${id}`, cookie);
    expect(res.statusCode).toBe(200);
    // 99900 × 100 / 118 = 84661.02 → 84661 taxable; 15239 tax, the odd paisa on CGST.
    expect(res.json()).toEqual({
      _id: id,
      kind: 'invoice',
      number,
      issuedAt: '2026-05-10T05:00:00.000Z',
      orderId: order.id,
      courseId: course.id,
      seller,
      buyer: { name: 'Ravi Learner', stateCode: '29', gstin: null },
      placeOfSupply: { stateCode: '29', stateName: 'Karnataka' },
      sac: '999293',
      description: 'Algebra Basics',
      gstRate: 18,
      price: 1299,
      discount: 300,
      taxable: 846.61,
      cgst: 76.2,
      sgst: 76.19,
      igst: 0,
      total: 999,
      totalInWords: 'Rupees Nine Hundred Ninety-Nine Only',
      refersTo: null,
      reverseCharge: false,
    });
    expect(number).toMatch(/^KAK\/2627\/\d{7}$/);
    expect(invoiceSchema.safeParse(res.json()).success).toBe(true);
  });

  it('charges IGST to a buyer in another state, and names their GSTIN; an old order keeps its amount as price', async () => {
    const { user, cookie } = await learnerIn(app);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/user/billing',
      headers: { cookie },
      payload: { name: 'Asha Rao Consulting LLP', stateCode: '27', gstin: '27AAPFU0939F1ZV' },
    });
    expect(saved.statusCode).toBe(200);
    const order = await paidOrder(app, user.id, course.id, { amount: 129_900, price: null });
    const { id } = await invoiceOf(app, order.id);
    expect((await get(app, `/api/invoice/${id}`, cookie)).json()).toMatchObject({
      buyer: { name: 'Asha Rao Consulting LLP', stateCode: '27', gstin: '27AAPFU0939F1ZV' },
      placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
      price: 1299,
      discount: 0,
      taxable: 1100.85,
      cgst: 0,
      sgst: 0,
      igst: 198.15,
      total: 1299,
    });
  });

  it('copies parties and figures in: a later change of details or title leaves the invoice as issued', async () => {
    const { user, cookie } = await learnerIn(app, 'First Name');
    const mine = await createCourse(app, educator.id, { title: 'Geometry', price: 499 });
    const order = await paidOrder(app, user.id, mine.id, { amount: 49_900 });
    const { id } = await invoiceOf(app, order.id);
    const before = (await get(app, `/api/invoice/${id}`, cookie)).json();
    await app.inject({
      method: 'PUT',
      url: '/api/user/billing',
      headers: { cookie },
      payload: { name: 'Other Name', stateCode: '07' },
    });
    await app.db.execute(sql`update courses set title = 'Geometry II' where id = ${mine.id}`);
    expect((await get(app, `/api/invoice/${id}`, cookie)).json()).toEqual(before);
    expect(before).toMatchObject({ description: 'Geometry', buyer: { name: 'First Name', stateCode: '29' } });
  });

  it('reverses an invoice with one credit note in its own series, referring to the invoice number', async () => {
    const { user, cookie } = await learnerIn(app);
    const order = await paidOrder(app, user.id, course.id, { amount: 99_900, discount: 30_000 });
    const invoice = await invoiceOf(app, order.id);
    const note = await creditNoteOf(app, order.id);
    expect(note.number).toMatch(/^KAKC\/\d{4}\/\d{6}$/);
    expect(await creditNoteOf(app, order.id)).toEqual(note);
    // The invoice stays; issuing it again still answers the invoice, not the credit note.
    expect(await invoiceOf(app, order.id)).toEqual(invoice);

    const issued = (await get(app, `/api/invoice/${invoice.id}`, cookie)).json();
    const credit = (await get(app, `/api/invoice/${note.id}`, cookie)).json();
    expect(credit).toMatchObject({
      _id: note.id,
      kind: 'creditNote',
      number: note.number,
      refersTo: invoice.number,
    });
    expect(figures(credit)).toEqual(figures(issued));
    // Numbered in the financial year it is issued in (now), which its number says.
    const year = financialYear(new Date(credit.issuedAt));
    expect(note.number.slice(5, 9)).toBe(`${year % 100}${(year + 1) % 100}`);
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, note.id));
    expect(row?.refersTo).toBe(invoice.id);
  });

  it('answers 10 concurrent credit notes for one order with one', async () => {
    const { user } = await learnerIn(app);
    const order = await paidOrder(app, user.id, course.id);
    await invoiceOf(app, order.id);
    const notes = await Promise.all(Array.from({ length: 10 }, () => creditNoteOf(app, order.id)));
    expect(new Set(notes.map((n) => n.number)).size).toBe(1);
    expect(await app.db.$count(invoices, and(eq(invoices.orderId, order.id), eq(invoices.kind, 'creditNote')))).toBe(1);
  });

  it('refuses a credit note for an order without an invoice', async () => {
    const { user } = await learnerIn(app);
    const order = await paidOrder(app, user.id, course.id);
    await expect(creditNoteOf(app, order.id)).rejects.toThrow(/has no invoice/);
  });

  it('keeps documents append-only: an update or a delete is refused by the database', async () => {
    const { user } = await learnerIn(app);
    const order = await paidOrder(app, user.id, course.id);
    const { id, number } = await invoiceOf(app, order.id);
    /** What the database said (drizzle wraps it in "Failed query: …"). */
    const refusal = (statement: ReturnType<typeof sql>) =>
      app.db.execute(statement).then(
        () => 'done',
        (error: Error) => (error.cause instanceof Error ? error.cause : error).message,
      );
    expect(await refusal(sql`update invoices set number = 'KAK/0000/1' where id = ${id}`)).toBe(
      `invoices are append-only: ${number} cannot be changed`,
    );
    expect(await refusal(sql`update invoices set igst = igst + 1, total = total + 1 where id = ${id}`)).toBe(
      `invoices are append-only: ${number} cannot be changed`,
    );
    expect(await refusal(sql`delete from invoices where id = ${id}`)).toBe(
      `invoices are append-only: ${number} cannot be deleted`,
    );
    // Writing the same values back changes nothing, so it is no edit.
    expect(await refusal(sql`update invoices set total = total where id = ${id}`)).toBe('done');
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row?.number).toBe(number);
  });

  it("lists the learner's invoices and credit notes, newest first, and no one else's", async () => {
    const { user, cookie } = await learnerIn(app);
    const other = await learnerIn(app);
    const old = await paidOrder(app, user.id, course.id, { paidAt: new Date('2025-01-10T10:00:00Z') });
    const recent = await paidOrder(app, user.id, course.id, { paidAt: new Date('2025-02-10T10:00:00Z') });
    const a = await invoiceOf(app, old.id);
    const b = await invoiceOf(app, recent.id);
    const note = await creditNoteOf(app, old.id);
    await invoiceOf(app, (await paidOrder(app, other.user.id, course.id)).id);

    const res = await get(app, '/api/invoice/mine', cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json().invoices as { _id: string; kind: string; refersTo: string | null }[];
    expect(list.map((d) => d._id)).toEqual([note.id, b.id, a.id]);
    expect(list[0]).toMatchObject({ kind: 'creditNote', refersTo: a.number });
    expect((await get(app, '/api/invoice/mine', other.cookie)).json().invoices).toHaveLength(1);
    const nobody = await learnerIn(app);
    expect((await get(app, '/api/invoice/mine', nobody.cookie)).json()).toEqual({ invoices: [] });
  });

  it('lets only the buyer read a document: signed out 401, anyone else or a malformed id 404', async () => {
    const buyer = await learnerIn(app);
    const stranger = await learnerIn(app);
    const { id, number } = await invoiceOf(app, (await paidOrder(app, buyer.user.id, course.id)).id);
    const bad = 'kaksha_session=not-a-session';
    for (const url of ['/api/invoice/mine', `/api/invoice/${id}`, `/api/invoice/${id}/pdf`]) {
      expect((await get(app, url)).statusCode, url).toBe(401);
      expect((await get(app, url, bad)).statusCode, url).toBe(401);
    }
    for (const path of [id, 'nope', randomUUID(), '12345', 'KAK-2627-0000001']) {
      for (const url of [`/api/invoice/${path}`, `/api/invoice/${path}/pdf`]) {
        const res = await get(app, url, path === id ? stranger.cookie : buyer.cookie);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toBe('Invoice not found');
      }
    }
    expect((await get(app, `/api/invoice/${id}`, buyer.cookie)).json()).toMatchObject({ _id: id, number });
  });

  it('downloads the document as an A4 PDF named after its number', async () => {
    const { user, cookie } = await learnerIn(app, 'Meera Iyer');
    const order = await paidOrder(app, user.id, course.id, { paidAt: new Date('2026-07-01T04:00:00Z') });
    const { id, number } = await invoiceOf(app, order.id);
    const res = await get(app, `/api/invoice/${id}/pdf`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${number.replaceAll('/', '-')}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect(res.rawPayload.toString('latin1').startsWith('%PDF')).toBe(true);
    const lines = pdfLines(res.rawPayload);
    expect(lines).toContain('Tax Invoice');
    expect(lines).toContain(`Invoice number ${number}`);
    expect(lines).toContain('Date 1 July 2026');
    expect(lines).toContain(`${DEMO_SELLER.legalName} Meera Iyer`);
    expect(lines).toContain(`GSTIN: ${DEMO_SELLER.gstin}`);
    expect(lines).toContain('Algebra Basics 999293 ₹1,299.00');
    expect(lines).toContain('CGST @ 9% ₹99.08');

    const note = await creditNoteOf(app, order.id);
    const credit = pdfLines((await get(app, `/api/invoice/${note.id}/pdf`, cookie)).rawPayload);
    expect(credit).toContain('Credit Note');
    expect(credit).toContain(`Against invoice ${number} dated 1 July 2026`);
  });

  it(`limits PDFs to ${PDF_RATE_LIMIT.max} a minute per learner`, async () => {
    const { user, cookie } = await learnerIn(app);
    const other = await learnerIn(app);
    const { id } = await invoiceOf(app, (await paidOrder(app, user.id, course.id)).id);
    const otherId = (await invoiceOf(app, (await paidOrder(app, other.user.id, course.id)).id)).id;
    for (let i = 0; i < PDF_RATE_LIMIT.max; i++) {
      expect((await get(app, '/api/invoice/nope/pdf', cookie)).statusCode).toBe(404);
    }
    expect((await get(app, `/api/invoice/${id}/pdf`, cookie)).statusCode).toBe(429);
    // JSON is not limited, nor is another learner.
    expect((await get(app, `/api/invoice/${id}`, cookie)).statusCode).toBe(200);
    expect((await get(app, `/api/invoice/${otherId}/pdf`, other.cookie)).statusCode).toBe(200);
  });
});

describe('receipts from a seller not registered for GST', async () => {
  const app = await buildTestApp({
    SELLER_LEGAL_NAME: 'Asha Rao',
    SELLER_ADDRESS: '12 Lake View, Chennai 600001',
    SELLER_STATE_CODE: '33',
  });
  const educator = await createUser(app, { role: 'educator' });
  const course = await createCourse(app, educator.id, { title: 'Carnatic Music', price: 1299 });

  it('charges no tax: all of it is taxable value, no tax lines, titled Receipt', async () => {
    const { user, cookie } = await learnerIn(app, 'Kiran');
    const order = await paidOrder(app, user.id, course.id, { paidAt: new Date('2026-07-01T04:00:00Z') });
    const { id, number } = await invoiceOf(app, order.id);
    expect(number).toBe('KAK/2627/0000001');
    expect((await get(app, `/api/invoice/${id}`, cookie)).json()).toMatchObject({
      seller: { name: 'Asha Rao', address: '12 Lake View, Chennai 600001', gstin: null, stateCode: '33' },
      buyer: { name: 'Kiran', stateCode: '33', gstin: null },
      placeOfSupply: { stateCode: '33', stateName: 'Tamil Nadu' },
      gstRate: 0,
      price: 1299,
      taxable: 1299,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: 1299,
    });
    const lines = pdfLines((await get(app, `/api/invoice/${id}/pdf`, cookie)).rawPayload);
    expect(lines).toContain('Receipt');
    expect(lines).toContain(`Receipt number ${number}`);
    expect(lines.join('\n')).not.toMatch(/Tax Invoice|CGST|SGST|IGST/);
    const note = await creditNoteOf(app, order.id);
    expect(note.number).toMatch(/^KAKC\//);
    const credit = pdfLines((await get(app, `/api/invoice/${note.id}/pdf`, cookie)).rawPayload);
    expect(credit).toContain('Credit Note');
    expect(credit.join('\n')).not.toMatch(/CGST|SGST|IGST/);
  });
});
