import type { Invoice } from '@kaksha/contracts';
import PDFDocument from 'pdfkit';
import { drawRuns, registerFonts, runsWidth, type Weight } from '../../core/pdf-fonts.ts';
import { stateName } from './invoices.presenter.ts';

const BRAND = '#4f46e5';
const INK = '#111827';
const MUTED = '#6b7280';
const RULE = '#d1d5db';

/** A4 portrait (595.28 x 841.89 pt) with 48 pt margins. */
const LEFT = 48;
const RIGHT = 595.28 - 48;
const WIDTH = RIGHT - LEFT;

/** ₹1,00,000.00: Indian grouping, always two decimals. The ₹ glyph is in Noto Sans (latin-ext). */
const money = (rupees: number) =>
  `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** 31 March 2027, in India time whatever the server's zone. */
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

const state = (code: string) => `${stateName(code)} (${code})`;

/** What the document is called: an unregistered seller issues receipts, without tax lines. */
export function documentTitle(invoice: Pick<Invoice, 'kind' | 'seller'>): 'Tax Invoice' | 'Receipt' | 'Credit Note' {
  if (invoice.kind === 'creditNote') return 'Credit Note';
  return invoice.seller.gstin ? 'Tax Invoice' : 'Receipt';
}

/**
 * An invoice, receipt or credit note as an A4 PDF with what CGST Rule 46 asks for: the seller's
 * name, address and GSTIN; number and date; the buyer's name, billing state and GSTIN if any; SAC,
 * description, price, discount and taxable value; each tax with its rate and amount; the total in
 * figures and words; the place of supply with its state's name; reverse charge. A credit note says
 * which invoice it reverses (`againstDate`: that invoice's issue time). Text is set in the embedded
 * Noto fonts run by run (core/pdf-fonts.ts), so names and titles in Devanagari, Bengali, Tamil,
 * Telugu and Gujarati print too.
 */
export async function renderInvoicePdf(invoice: Invoice, againstDate: string | null): Promise<Buffer> {
  const title = documentTitle(invoice);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: { Title: `${title} ${invoice.number}`, Author: invoice.seller.name, Subject: invoice.description },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);

  const pen = penFor(doc);
  let y = drawHeading(pen, invoice, title, againstDate);
  y = drawParties(pen, invoice, y);
  y = drawSupply(pen, doc, invoice, y);
  const notes = [
    invoice.kind === 'creditNote'
      ? `Issued for the refund of this course: it reverses invoice ${invoice.refersTo} in full.`
      : invoice.seller.gstin
        ? 'Prices include GST.'
        : 'No GST is charged: the seller is not registered for GST.',
    'This is a computer-generated document and needs no signature.',
  ];
  for (const note of notes) y = pen.block(note, LEFT, y, WIDTH, 9, 400, MUTED) + 2;

  doc.end();
  return done;
}

type Pen = ReturnType<typeof penFor>;

/** Drawing text in the embedded fonts: at a point, right-aligned, wrapped; and a rule across the page. */
function penFor(doc: PDFKit.PDFDocument) {
  const put = (value: string, x: number, y: number, size = 10, weight: Weight = 400, color = INK) =>
    drawRuns(doc, value, { x, y, size, weight, color });
  const putRight = (value: string, right: number, y: number, size = 10, weight: Weight = 400, color = INK) =>
    put(value, right - runsWidth(doc, value, size, weight), y, size, weight, color);
  /** Wrapped text from (x, y) within width; answers the y below it. */
  const block = (value: string, x: number, y: number, width: number, size = 10, weight: Weight = 400, color = INK) => {
    const lines = wrap(doc, value, width, size, weight);
    for (const [i, line] of lines.entries()) put(line, x, y + i * size * 1.35, size, weight, color);
    return y + lines.length * size * 1.35;
  };
  const rule = (y: number) => doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.75).stroke(RULE);
  return { put, putRight, block, rule };
}

/** The document, its number and date (and for a credit note, the invoice it reverses); the y below. */
function drawHeading(pen: Pen, invoice: Invoice, title: ReturnType<typeof documentTitle>, againstDate: string | null) {
  pen.put('KAKSHA', LEFT, 48, 11, 700, BRAND);
  pen.put(title, LEFT, 66, 22, 700);
  const facts: [string, string][] = [
    [
      { 'Tax Invoice': 'Invoice number', Receipt: 'Receipt number', 'Credit Note': 'Credit note number' }[title],
      invoice.number,
    ],
    ['Date', day(invoice.issuedAt)],
  ];
  facts.forEach(([label, value], i) => {
    pen.putRight(label, RIGHT - 120, 52 + i * 18, 9, 400, MUTED);
    pen.putRight(value, RIGHT, 51 + i * 18, 10, 700);
  });
  let y = 110;
  if (invoice.refersTo) {
    const against = `Against invoice ${invoice.refersTo}${againstDate ? ` dated ${day(againstDate)}` : ''}`;
    y = pen.block(against, LEFT, y, WIDTH, 10, 700) + 4;
  }
  pen.rule(y);
  return y + 14;
}

/** The parties side by side, then the place of supply; the y below. */
function drawParties(pen: Pen, invoice: Invoice, y: number) {
  const column = (WIDTH - 24) / 2;
  const buyerX = LEFT + column + 24;
  pen.put(invoice.kind === 'creditNote' ? 'Issued by' : 'Sold by', LEFT, y, 9, 400, MUTED);
  pen.put('Billed to', buyerX, y, 9, 400, MUTED);
  let sellerY = pen.block(invoice.seller.name, LEFT, y + 16, column, 11, 700);
  sellerY = pen.block(invoice.seller.address, LEFT, sellerY + 2, column);
  sellerY = pen.block(`GSTIN: ${invoice.seller.gstin ?? 'not registered for GST'}`, LEFT, sellerY + 2, column);
  sellerY = pen.block(`State: ${state(invoice.seller.stateCode)}`, LEFT, sellerY, column);
  let buyerY = pen.block(invoice.buyer.name, buyerX, y + 16, column, 11, 700);
  buyerY = pen.block(`State: ${state(invoice.buyer.stateCode)}`, buyerX, buyerY + 2, column);
  if (invoice.buyer.gstin) buyerY = pen.block(`GSTIN: ${invoice.buyer.gstin}`, buyerX, buyerY, column);
  const below = Math.max(sellerY, buyerY) + 10;
  pen.put(`Place of supply: ${state(invoice.placeOfSupply.stateCode)}`, LEFT, below);
  pen.put('Reverse charge: No', buyerX, below);
  return below + 26;
}

/** The supply: one line, then the figures down to the total and the total in words; the y below. */
function drawSupply(pen: Pen, doc: PDFKit.PDFDocument, invoice: Invoice, top: number) {
  let y = top;
  const sacX = RIGHT - 190;
  doc.rect(LEFT, y - 4, WIDTH, 22).fill('#f3f4f6');
  pen.put('Description', LEFT + 6, y, 9, 700, MUTED);
  pen.put('SAC', sacX, y, 9, 700, MUTED);
  pen.putRight('Amount', RIGHT - 6, y, 9, 700, MUTED);
  y += 26;
  const lineEnd = pen.block(invoice.description, LEFT + 6, y, sacX - LEFT - 18);
  pen.put(invoice.sac, sacX, y);
  pen.putRight(money(invoice.price), RIGHT - 6, y);
  y = lineEnd + 8;
  pen.rule(y);
  y += 10;

  // The line shows the price; below it what is taken off, and what is taxed.
  const figures: [string, string][] = [
    ['Discount', invoice.discount > 0 ? `−${money(invoice.discount)}` : money(0)],
    ['Taxable value', money(invoice.taxable)],
  ];
  // An unregistered seller's receipt has no tax lines at all (gstRate 0).
  if (invoice.gstRate > 0) {
    if (invoice.placeOfSupply.stateCode === invoice.seller.stateCode) {
      figures.push([`CGST @ ${invoice.gstRate / 2}%`, money(invoice.cgst)]);
      figures.push([`SGST @ ${invoice.gstRate / 2}%`, money(invoice.sgst)]);
    } else {
      figures.push([`IGST @ ${invoice.gstRate}%`, money(invoice.igst)]);
    }
  }
  for (const [label, value] of figures) {
    pen.putRight(label, sacX + 60, y);
    pen.putRight(value, RIGHT - 6, y);
    y += 18;
  }
  pen.rule(y);
  y += 8;
  pen.putRight(invoice.kind === 'creditNote' ? 'Total credited' : 'Total', sacX + 60, y, 12, 700);
  pen.putRight(money(invoice.total), RIGHT - 6, y, 12, 700);
  y += 26;
  return pen.block(`Amount in words: ${invoice.totalInWords}`, LEFT, y, WIDTH, 10, 700) + 24;
}

/** Lines of at most `width`, broken at spaces; a word wider than a line is broken where it must. */
function wrap(doc: PDFKit.PDFDocument, value: string, width: number, size: number, weight: Weight): string[] {
  const fits = (text: string) => runsWidth(doc, text, size, weight) <= width;
  const lines: string[] = [];
  for (const word of value.trim().split(/\s+/u)) {
    const last = lines.at(-1);
    if (last !== undefined && fits(`${last} ${word}`)) {
      lines[lines.length - 1] = `${last} ${word}`;
      continue;
    }
    let rest = [...word];
    while (rest.length > 1 && !fits(rest.join(''))) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut).join(''))) cut--;
      lines.push(rest.slice(0, cut).join(''));
      rest = rest.slice(cut);
    }
    lines.push(rest.join(''));
  }
  return lines;
}
