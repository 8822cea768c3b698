import type { Certificate, Locale } from '@kaksha/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { longDate, t } from '../../core/i18n.ts';
import {
  drawRuns,
  fontName,
  LATIN_FACE,
  type RunStyle,
  registerFonts,
  runsWidth,
  type Weight,
} from '../../core/pdf-fonts.ts';

const BRAND = '#4f46e5';
const INK = '#111827';
const MUTED = '#6b7280';

/**
 * The certificate as an A4 landscape PDF (841.89 x 595.28 pt): learner, course, educator, date,
 * and the verification URL printed and as a QR code. Built in memory (a page and a small PNG).
 * Its words are in `locale` (the learner's language); names and the title as they were written.
 * Text is set in embedded Noto fonts (see core/pdf-fonts.ts), run by run, so names and titles in
 * Hindi, Marathi, Bengali, Tamil, Telugu, Gujarati… print, alone or mixed with Latin in one line.
 */
export async function renderCertificatePdf(cert: Certificate, locale: Locale = 'en'): Promise<Buffer> {
  const qr = await QRCode.toBuffer(cert.verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    lang: locale,
    info: {
      Title: t(locale, 'certificate.documentTitle', { course: cert.courseTitle }),
      Author: 'Kaksha',
      Subject: cert.verifyUrl,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { width, height } = doc.page;
  doc
    .rect(24, 24, width - 48, height - 48)
    .lineWidth(3)
    .stroke(BRAND);
  doc
    .rect(34, 34, width - 68, height - 68)
    .lineWidth(0.75)
    .stroke(BRAND);

  registerFonts(doc);
  const text = (value: string, y: number, size: number, color: string, weight: Weight = 400) =>
    centred(doc, value, { x: 80, y, width: width - 160, size, color, weight });
  text('KAKSHA', 70, 16, BRAND, 700);
  text(t(locale, 'certificate.heading'), 110, 34, INK, 700);
  text(t(locale, 'certificate.certifies'), 180, 14, MUTED);
  text(cert.learnerName, 205, 30, INK, 700);
  text(t(locale, 'certificate.completed'), 255, 14, MUTED);
  text(cert.courseTitle, 280, 22, INK, 700);
  text(t(locale, 'certificate.taughtBy', { educator: cert.educatorName }), 345, 14, MUTED);

  const line = (value: string, y: number, color: string) =>
    drawRuns(doc, value, { x: 80, y, size: 11, color, weight: 400 });
  line(t(locale, 'certificate.issuedOn', { date: longDate(locale, cert.issuedAt) }), 430, INK);
  line(t(locale, 'certificate.id', { id: cert._id }), 448, INK);
  line(t(locale, 'certificate.verifyAt'), 472, MUTED);
  doc
    .font(fontName(LATIN_FACE, 400))
    .fontSize(11)
    .fillColor(BRAND)
    .text(cert.verifyUrl, 80, 488, { link: cert.verifyUrl, width: width - 320 });

  const qrSize = 110;
  doc.image(qr, width - 80 - qrSize, height - 70 - qrSize, { width: qrSize, height: qrSize });
  doc.end();
  return done;
}

/** Long lines shrink to fit, down to this share of their size, before they wrap. */
const MIN_SCALE = 0.7;

/**
 * Draws text centred in [x, x + width]: shrunk to fit one line when a little too long, else
 * wrapped at spaces into centred lines. Centred by hand, as pdfkit's align: 'center' does not
 * hold across runs in different fonts.
 */
function centred(doc: PDFKit.PDFDocument, value: string, box: RunStyle & { width: number }): void {
  const full = runsWidth(doc, value, box.size, box.weight);
  const size = full <= box.width ? box.size : Math.max(box.size * MIN_SCALE, (box.size * box.width) / full);
  const lines: string[] = [];
  for (const word of value.split(/(?<=\s)/u)) {
    const last = lines.at(-1);
    if (last !== undefined && runsWidth(doc, (last + word).trimEnd(), size, box.weight) <= box.width) {
      lines[lines.length - 1] = last + word;
    } else {
      lines.push(word);
    }
  }
  lines.forEach((lineText, i) => {
    const trimmed = lineText.trim();
    const lineWidth = runsWidth(doc, trimmed, size, box.weight);
    const x = box.x + Math.max(0, (box.width - lineWidth) / 2);
    drawRuns(doc, trimmed, { ...box, x, size, y: box.y + i * size * 1.25 });
  });
}
