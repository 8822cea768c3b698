import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, loginCookie, type TestApp } from '../../test/app.ts';

const KARNATAKA_GSTIN = '29AAGCB7383J1Z4';
const MAHARASHTRA_GSTIN = '27AAPFU0939F1ZV';

async function learnerIn(app: TestApp) {
  const user = await createUser(app);
  return { user, cookie: await loginCookie(app, user) };
}

const quote = (app: TestApp, cookie: string | undefined, courseId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/quote',
    headers: cookie ? { cookie } : {},
    payload: { courseId },
  });
const saveBilling = (app: TestApp, cookie: string | undefined, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: '/api/user/billing', headers: cookie ? { cookie } : {}, payload });

describe('billing details and GST quotes (demo seller: Karnataka, registered, 18%)', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator' });
  const course = await createCourse(app, educator.id, { price: 1299 });
  const free = await createCourse(app, educator.id, { price: 0 });
  const draft = await createCourse(app, educator.id, { price: 499, isPublished: false });

  it('asks for a session: GET and PUT billing and the quote are 401 signed out', async () => {
    expect((await app.inject({ url: '/api/user/billing' })).statusCode).toBe(401);
    expect((await saveBilling(app, undefined, { name: 'A', stateCode: '29' })).statusCode).toBe(401);
    expect((await quote(app, undefined, course.id)).statusCode).toBe(401);
    const bad = 'kaksha_session=not-a-session';
    expect((await app.inject({ url: '/api/user/billing', headers: { cookie: bad } })).statusCode).toBe(401);
    expect((await quote(app, bad, course.id)).statusCode).toBe(401);
  });

  it("answers null until saved, then the learner's own details only", async () => {
    const a = await learnerIn(app);
    const b = await learnerIn(app);
    expect((await app.inject({ url: '/api/user/billing', headers: { cookie: a.cookie } })).json()).toEqual({
      billing: null,
    });
    const saved = await saveBilling(app, a.cookie, {
      name: '  Asha Rao ',
      stateCode: '27',
      gstin: ' 27aapfu0939f1zv ',
      address: 'Pune',
    });
    expect(saved.statusCode).toBe(200);
    const details = {
      name: 'Asha Rao',
      stateCode: '27',
      stateName: 'Maharashtra',
      gstin: MAHARASHTRA_GSTIN,
      address: 'Pune',
    };
    expect(saved.json()).toEqual({ billing: details });
    expect((await app.inject({ url: '/api/user/billing', headers: { cookie: a.cookie } })).json()).toEqual({
      billing: details,
    });
    expect((await app.inject({ url: '/api/user/billing', headers: { cookie: b.cookie } })).json()).toEqual({
      billing: null,
    });
    // Saving again replaces them; an empty GSTIN removes it.
    const again = await saveBilling(app, a.cookie, { name: 'Asha Rao', stateCode: '07', gstin: '' });
    expect(again.json()).toEqual({
      billing: { name: 'Asha Rao', stateCode: '07', stateName: 'Delhi', gstin: null, address: null },
    });
  });

  it('refuses a GSTIN saying which check fails: format, check character, or state', async () => {
    const { cookie } = await learnerIn(app);
    const cases = [
      ['27AAPFU0939F1Z', /format/],
      ['27AAPFU0939F1ZW', /check character/],
      ['29AAPFU0939F1ZV', /check character/],
    ] as const;
    for (const [gstin, message] of cases) {
      const res = await saveBilling(app, cookie, { name: 'Ravi', stateCode: '27', gstin });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(res.json().fields.gstin).toMatch(message);
    }
    const mismatch = await saveBilling(app, cookie, { name: 'Ravi', stateCode: '29', gstin: MAHARASHTRA_GSTIN });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toMatch(/state/);
    // Nothing was stored by a refused save.
    expect((await app.inject({ url: '/api/user/billing', headers: { cookie } })).json()).toEqual({ billing: null });
  });

  it('refuses a missing name, an unknown state code and control characters with 400 naming the field', async () => {
    const { cookie } = await learnerIn(app);
    for (const [payload, field] of [
      [{ stateCode: '29' }, 'name'],
      [{ name: ' ', stateCode: '29' }, 'name'],
      [{ name: 'A', stateCode: '99' }, 'stateCode'],
      [{ name: 'A', stateCode: '7' }, 'stateCode'],
      [{ name: 'A' }, 'stateCode'],
      [{ name: 'A\u0000', stateCode: '29' }, 'name'],
      [{ name: 'A', stateCode: '29', gstin: 42 }, 'gstin'],
    ] as const) {
      const res = await saveBilling(app, cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
    }
  });

  it("quotes CGST + SGST without details (the seller's state), the odd paisa on CGST", async () => {
    const { cookie } = await learnerIn(app);
    const res = await quote(app, cookie, course.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      price: 1299,
      discount: 0,
      amount: 1299,
      taxable: 1100.85,
      cgst: 99.08,
      sgst: 99.07,
      igst: 0,
      gstRate: 18,
      placeOfSupply: { stateCode: '29', stateName: 'Karnataka' },
    });
  });

  it('quotes IGST for a buyer in another state, CGST + SGST for one in Karnataka (GSTIN or state)', async () => {
    const other = await learnerIn(app);
    await saveBilling(app, other.cookie, { name: 'Meera', stateCode: '33' });
    expect((await quote(app, other.cookie, course.id)).json()).toMatchObject({
      taxable: 1100.85,
      cgst: 0,
      sgst: 0,
      igst: 198.15,
      placeOfSupply: { stateCode: '33', stateName: 'Tamil Nadu' },
    });
    const business = await learnerIn(app);
    await saveBilling(app, business.cookie, { name: 'Asha Rao', stateCode: '27', gstin: MAHARASHTRA_GSTIN });
    expect((await quote(app, business.cookie, course.id)).json()).toMatchObject({
      igst: 198.15,
      placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
    });
    const local = await learnerIn(app);
    await saveBilling(app, local.cookie, { name: 'Bharat Co', stateCode: '29', gstin: KARNATAKA_GSTIN });
    expect((await quote(app, local.cookie, course.id)).json()).toMatchObject({
      cgst: 99.08,
      sgst: 99.07,
      igst: 0,
      placeOfSupply: { stateCode: '29' },
    });
  });

  it('quotes a free course as all zeros, and 404s unknown and unpublished courses', async () => {
    const { cookie } = await learnerIn(app);
    expect((await quote(app, cookie, free.id)).json()).toMatchObject({
      price: 0,
      amount: 0,
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
    });
    expect((await quote(app, cookie, draft.id)).statusCode).toBe(404);
    expect((await quote(app, cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await quote(app, cookie, 'not-an-id')).statusCode).toBe(404);
    expect((await quote(app, cookie, '')).statusCode).toBe(400);
  });

  it('leaves create-order as it was: the order is the price in paise', async () => {
    const { cookie } = await learnerIn(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment/create-order',
      headers: { cookie },
      payload: { courseId: course.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: 129_900, currency: 'INR' });
  });
});

describe('GST quotes from an unregistered seller', async () => {
  const app = await buildTestApp({
    SELLER_LEGAL_NAME: 'Asha Rao',
    SELLER_ADDRESS: 'Chennai',
    SELLER_STATE_CODE: '33',
  });
  const educator = await createUser(app, { role: 'educator' });
  const course = await createCourse(app, educator.id, { price: 1299 });

  it('charges no GST: the whole amount is the taxable value', async () => {
    const { cookie } = await learnerIn(app);
    expect((await quote(app, cookie, course.id)).json()).toEqual({
      price: 1299,
      discount: 0,
      amount: 1299,
      taxable: 1299,
      cgst: 0,
      sgst: 0,
      igst: 0,
      gstRate: 0,
      placeOfSupply: { stateCode: '33', stateName: 'Tamil Nadu' },
    });
  });
});

describe('GST quotes at another configured rate', async () => {
  const app = await buildTestApp({
    SELLER_LEGAL_NAME: 'Kaksha Pvt Ltd',
    SELLER_ADDRESS: 'Mumbai',
    SELLER_STATE_CODE: '27',
    SELLER_GSTIN: MAHARASHTRA_GSTIN,
    GST_RATE_PERCENT: '5',
  });
  const educator = await createUser(app, { role: 'educator' });
  const course = await createCourse(app, educator.id, { price: 999 });

  it('carves 5% out of the price, and is IGST for a buyer outside Maharashtra', async () => {
    const { cookie } = await learnerIn(app);
    // 99900 × 100 / 105 = 95142.857… → 95143 paise taxable, 4757 paise tax.
    expect((await quote(app, cookie, course.id)).json()).toMatchObject({
      amount: 999,
      taxable: 951.43,
      cgst: 23.79,
      sgst: 23.78,
      igst: 0,
      gstRate: 5,
      placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
    });
    await saveBilling(app, cookie, { name: 'Ravi', stateCode: '07' });
    expect((await quote(app, cookie, course.id)).json()).toMatchObject({ igst: 47.57, cgst: 0, sgst: 0 });
  });
});
