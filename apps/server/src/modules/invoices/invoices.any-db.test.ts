import { INVOICE_NUMBER_PATTERN, type Invoice } from '@kaksha/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fontUses, lettersIn, pdfLines } from '../../core/pdf-glyphs.test-helpers.ts';
import { documentNumber, financialYear, NUMBER_LENGTH } from './invoices.numbering.ts';
import { renderInvoicePdf } from './invoices.pdf.ts';
import { totalInWords } from './invoices.words.ts';

/** Words back to paise, the way a reader adds them up: the inverse totalInWords must have. */
function readWords(words: string): number {
  const VALUES: Record<string, number> = {};
  const units =
    'Zero One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen Sixteen Seventeen Eighteen Nineteen';
  for (const [i, w] of units.split(' ').entries()) VALUES[w] = i;
  for (const [i, w] of 'Twenty Thirty Forty Fifty Sixty Seventy Eighty Ninety'.split(' ').entries()) {
    VALUES[w] = (i + 2) * 10;
  }
  const number = (text: string) => {
    let total = 0;
    let current = 0;
    for (const word of text.split(/[ -]/)) {
      if (word in VALUES) current += VALUES[word] as number;
      else if (word === 'Hundred') current *= 100;
      else if (word === 'Thousand') [total, current] = [total + current * 1000, 0];
      else if (word === 'Lakh') [total, current] = [total + current * 100_000, 0];
      else if (word === 'Crore') [total, current] = [(total + current) * 10_000_000, 0];
      else throw new Error(`unexpected word "${word}" in "${words}"`);
    }
    return total + current;
  };
  const m = /^(?:Rupees (.+?))?(?:(?: and )?Paise (.+?))? Only$/.exec(words);
  if (!m) throw new Error(`not an amount in words: "${words}"`);
  return number(m[1] ?? 'Zero') * 100 + number(m[2] ?? 'Zero');
}

describe('total in words (Indian numbering)', () => {
  it('says rupees and paise with lakh and crore', () => {
    const cases: [number, string][] = [
      [0, 'Rupees Zero Only'],
      [1, 'Paise One Only'],
      [85, 'Paise Eighty-Five Only'],
      [100, 'Rupees One Only'],
      [110_085, 'Rupees One Thousand One Hundred and Paise Eighty-Five Only'],
      [129_900, 'Rupees One Thousand Two Hundred Ninety-Nine Only'],
      [10_001, 'Rupees One Hundred and Paise One Only'],
      [1_911_000, 'Rupees Nineteen Thousand One Hundred Ten Only'],
      [10_000_000, 'Rupees One Lakh Only'],
      [123_456_789, 'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Paise Eighty-Nine Only'],
      [1_000_000_000, 'Rupees One Crore Only'],
      [1_010_101_000, 'Rupees One Crore One Lakh One Thousand Ten Only'],
      [
        99_999_999_999, // ₹99,99,99,999.99
        'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Paise Ninety-Nine Only',
      ],
      [1_000_000_000_000, 'Rupees One Thousand Crore Only'],
      [2_500_000_000_000_00, 'Rupees Two Lakh Fifty Thousand Crore Only'],
    ];
    for (const [paise, words] of cases) expect(totalInWords(paise), String(paise)).toBe(words);
  });

  it('refuses what is not whole, non-negative paise', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => totalInWords(bad)).toThrow(RangeError);
    }
  });

  it('reads back to the same amount, with one "and" only before the paise', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })),
        (paise) => {
          const words = totalInWords(paise);
          expect(readWords(words)).toBe(paise);
          expect(words).toMatch(/^(Rupees|Paise) [A-Z][A-Za-z -]* Only$/);
          expect(words.split(' and ').length).toBeLessThanOrEqual(2);
          if (words.includes(' and ')) expect(words).toMatch(/ and Paise [A-Za-z-]+ Only$/);
          // Zero is said only for nothing at all.
          expect(words.includes('Zero')).toBe(paise === 0);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('document numbers', () => {
  it('puts a moment in its Indian financial year (April-March, India time)', () => {
    // 1 April 00:00 in India is still 31 March in UTC (18:30): the year turns at India's midnight.
    expect(financialYear(new Date('2021-03-31T18:29:59.999Z'))).toBe(2020);
    expect(financialYear(new Date('2021-03-31T18:30:00.000Z'))).toBe(2021);
    expect(financialYear(new Date('2026-12-31T23:59:59.999Z'))).toBe(2026);
    expect(financialYear(new Date('2027-01-01T00:00:00.000Z'))).toBe(2026);
    expect(financialYear(new Date('2027-03-31T18:29:59.999Z'))).toBe(2026);
    expect(financialYear(new Date('2027-04-01T00:00:00.000Z'))).toBe(2027);
  });

  it('numbers each kind in its own series, filling 16 characters', () => {
    expect(documentNumber('invoice', 'KAK', 2026, 1)).toBe('KAK/2627/0000001');
    expect(documentNumber('creditNote', 'KAK', 2026, 1)).toBe('KAKC/2627/000001');
    expect(documentNumber('invoice', 'K', 2026, 42)).toBe('K/2627/000000042');
    expect(documentNumber('creditNote', 'ABCD', 2099, 12_345)).toBe('ABCDC/9900/12345');
    expect(documentNumber('invoice', 'KAK', 2026, 9_999_999)).toBe('KAK/2627/9999999');
  });

  it('refuses a number that would not fit, and a prefix GST numbers cannot carry', () => {
    expect(() => documentNumber('invoice', 'KAK', 2026, 10_000_000)).toThrow(/KAK\/2627\/ is full.*7 digits/);
    expect(() => documentNumber('creditNote', 'ABCD', 2026, 100_000)).toThrow(/ABCDC\/2627\/ is full/);
    expect(() => documentNumber('invoice', 'KAK', 2026, 0)).toThrow(/full/);
    expect(() => documentNumber('invoice', 'kak', 2026, 1)).toThrow(/prefix "kak"/);
    expect(() => documentNumber('invoice', 'KAKSH', 2026, 1)).toThrow(/prefix/);
  });

  it('answers only valid GST numbers of exactly 16 characters, distinct per kind, year and sequence', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z0-9]{1,4}$/),
        fc.constantFrom('invoice', 'creditNote') as fc.Arbitrary<'invoice' | 'creditNote'>,
        fc.integer({ min: 2017, max: 2199 }),
        fc.integer({ min: 1, max: 99_998 }),
        (prefix, kind, year, sequence) => {
          const number = documentNumber(kind, prefix, year, sequence);
          expect(number).toMatch(INVOICE_NUMBER_PATTERN);
          expect(number).toHaveLength(NUMBER_LENGTH);
          expect(Number(number.split('/')[2])).toBe(sequence);
          expect(number.split('/')[0]).toBe(kind === 'creditNote' ? `${prefix}C` : prefix);
          expect(documentNumber(kind, prefix, year, sequence + 1)).not.toBe(number);
          expect(documentNumber(kind, prefix, year + 1, sequence)).not.toBe(number);
        },
      ),
    );
  });
});

const invoice = (fields: Partial<Invoice> = {}): Invoice => ({
  _id: '3f2c1a9e-1111-4222-8333-944455556666',
  kind: 'invoice',
  number: 'KAK/2627/0000001',
  // 00:30 on 1 April in India (still 31 March in UTC).
  issuedAt: '2027-03-31T19:00:00.000Z',
  orderId: '5d0c9b7a-2222-4333-8444-a55566667777',
  courseId: '6e1d8c6b-3333-4444-8555-b66677778888',
  seller: {
    name: 'Kaksha Learning Private Limited',
    address: '1 Demo Road, Bengaluru, Karnataka 560001',
    gstin: '29AAACK1234K1ZL',
    stateCode: '29',
  },
  buyer: { name: 'Ravi Learner', stateCode: '29', gstin: null },
  placeOfSupply: { stateCode: '29', stateName: 'Karnataka' },
  sac: '999293',
  description: 'Algebra Basics',
  gstRate: 18,
  price: 1299,
  discount: 0,
  taxable: 1100.85,
  cgst: 99.08,
  sgst: 99.07,
  igst: 0,
  total: 1299,
  totalInWords: 'Rupees One Thousand Two Hundred Ninety-Nine Only',
  refersTo: null,
  reverseCharge: false,
  ...fields,
});

const text = async (document: Invoice, againstDate: string | null = null) =>
  pdfLines(await renderInvoicePdf(document, againstDate)).join('\n');

describe('invoice PDF (CGST Rule 46)', () => {
  it('is an A4 page with the seller, buyer, supply, CGST and SGST, total in figures and words', async () => {
    const pdf = await renderInvoicePdf(invoice(), null);
    expect(pdf.toString('latin1').startsWith('%PDF')).toBe(true);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(pdfLines(pdf)).toEqual([
      'KAKSHA',
      'Invoice number KAK/2627/0000001',
      'Date 1 April 2027',
      'Tax Invoice',
      'Sold by Billed to',
      'Kaksha Learning Private Limited Ravi Learner',
      '1 Demo Road, Bengaluru, Karnataka 560001 State: Karnataka (29)',
      'GSTIN: 29AAACK1234K1ZL',
      'State: Karnataka (29)',
      'Place of supply: Karnataka (29) Reverse charge: No',
      'Description SAC Amount',
      'Algebra Basics 999293 ₹1,299.00',
      'Discount ₹0.00',
      'Taxable value ₹1,100.85',
      'CGST @ 9% ₹99.08',
      'SGST @ 9% ₹99.07',
      'Total ₹1,299.00',
      'Amount in words: Rupees One Thousand Two Hundred Ninety-Nine Only',
      'Prices include GST.',
      'This is a computer-generated document and needs no signature.',
    ]);
  });

  it("shows IGST alone for another state, the buyer's GSTIN, the discount and lakhs", async () => {
    const lines = await text(
      invoice({
        buyer: { name: 'Asha Rao Consulting LLP', stateCode: '27', gstin: '27AAPFU0939F1ZV' },
        placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
        price: 150_000,
        discount: 30_000.5,
        taxable: 101_694.49,
        cgst: 0,
        sgst: 0,
        igst: 18_305.01,
        total: 119_999.5,
        gstRate: 18,
      }),
    );
    expect(lines).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(lines).toContain('State: Maharashtra (27)');
    expect(lines).toContain('Place of supply: Maharashtra (27)');
    expect(lines).toContain('Algebra Basics 999293 ₹1,50,000.00');
    expect(lines).toContain('Discount −₹30,000.50');
    expect(lines).toContain('IGST @ 18% ₹18,305.01');
    expect(lines).toContain('Total ₹1,19,999.50');
    expect(lines).not.toMatch(/CGST|SGST/);
  });

  it('prints half the rate on each of CGST and SGST, whatever the rate', async () => {
    const lines = await text(invoice({ gstRate: 5, taxable: 1237.14, cgst: 30.93, sgst: 30.93 }));
    expect(lines).toContain('CGST @ 2.5% ₹30.93');
    expect(lines).toContain('SGST @ 2.5% ₹30.93');
  });

  it('is a receipt without tax lines from a seller who is not registered', async () => {
    const lines = await text(
      invoice({
        seller: { ...invoice().seller, gstin: null },
        gstRate: 0,
        taxable: 1299,
        cgst: 0,
        sgst: 0,
      }),
    );
    expect(lines).toContain('Receipt number KAK/2627/0000001');
    expect(lines.split('\n')).toContain('Receipt');
    expect(lines).toContain('GSTIN: not registered for GST');
    expect(lines).toContain('Taxable value ₹1,299.00');
    expect(lines).not.toMatch(/Tax Invoice|CGST|SGST|IGST|Prices include GST/);
  });

  it('names the invoice a credit note reverses, with its date', async () => {
    const lines = await text(
      invoice({ kind: 'creditNote', number: 'KAKC/2728/000003', refersTo: 'KAK/2627/0000001' }),
      '2027-03-31T18:29:00.000Z',
    );
    expect(lines.split('\n')).toContain('Credit Note');
    expect(lines).toContain('Credit note number KAKC/2728/000003');
    expect(lines).toContain('Against invoice KAK/2627/0000001 dated 31 March 2027');
    expect(lines).toContain('Issued by Billed to');
    expect(lines).toContain('Total credited ₹1,299.00');
    expect(lines).toContain('CGST @ 9% ₹99.08');
  });

  it('sets Devanagari names and titles in Noto Sans Devanagari, and wraps long ones', async () => {
    const long = `${'Full-stack web development with React and Node.js '.repeat(3)}पूरा कोर्स`;
    const pdf = await renderInvoicePdf(
      invoice({ buyer: { name: 'राम शर्मा', stateCode: '29', gstin: null }, description: long }),
      null,
    );
    const source = pdf.toString('latin1');
    expect(source).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansDevanagari-Bold/);
    expect(source).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansDevanagari-Regular/);
    const lines = pdfLines(pdf);
    // The title wraps into lines beside the SAC and the amount, all of it there.
    expect(lines.find((l) => l.startsWith('Full-stack'))).toMatch(/^Full-stack web development .+ 999293 ₹1,299\.00$/);
    expect(lines.filter((l) => l.includes('Full-stack')).length).toBeGreaterThan(1);
  });

  it.each([
    ['Tamil', 'NotoSansTamil', 'செல்வி முருகன்', 'தமிழ் இலக்கணம்'],
    ['Bengali', 'NotoSansBengali', 'সুদীপ্তা চক্রবর্তী', 'বাংলা সাহিত্য'],
    ['Telugu', 'NotoSansTelugu', 'శ్రీనివాస్ రెడ్డి', 'తెలుగు వ్యాకరణం'],
    ['Marathi', 'NotoSansDevanagari', 'श्रेया देशपांडे', 'मराठी व्याकरण'],
    ['Gujarati', 'NotoSansGujarati', 'હેતલ પટેલ', 'ગુજરાતી વ્યાકરણ'],
  ])('prints a %s buyer and course title with their own glyphs, no boxes', async (_language, font, name, title) => {
    const pdf = await renderInvoicePdf(
      invoice({ buyer: { name, stateCode: '29', gstin: null }, description: title }),
      null,
    );
    const uses = fontUses(pdf);
    for (const use of uses) expect(use.glyphs, use.font).not.toContain(0);
    const script = uses.filter((u) => u.font.startsWith(`${font}-`));
    expect(lettersIn(script.map((u) => u.text).join(''))).toBe(lettersIn(name + title));
  });
});
