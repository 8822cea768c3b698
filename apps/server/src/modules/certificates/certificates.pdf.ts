import type { Certificate } from '@kaksha/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

const BRAND = '#4f46e5';
const INK = '#111827';
const MUTED = '#6b7280';

/**
 * The certificate as an A4 landscape PDF (841.89 x 595.28 pt): learner, course, educator, date,
 * and the verification URL printed and as a QR code. Built in memory (a page and a small PNG).
 * The built-in Helvetica covers Latin-1 only; names in other scripts need an embedded font.
 */
export async function renderCertificatePdf(cert: Certificate): Promise<Buffer> {
  const qr = await QRCode.toBuffer(cert.verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `Certificate: ${cert.courseTitle}`, Author: 'Kaksha', Subject: cert.verifyUrl },
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

  const text = (value: string, y: number, size: number, color: string, font = 'Helvetica') =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(value, 80, y, { width: width - 160, align: 'center' });
  text('KAKSHA', 70, 16, BRAND, 'Helvetica-Bold');
  text('Certificate of Completion', 110, 34, INK, 'Helvetica-Bold');
  text('This certifies that', 180, 14, MUTED);
  text(cert.learnerName, 205, 30, INK, 'Helvetica-Bold');
  text('has successfully completed the course', 255, 14, MUTED);
  text(cert.courseTitle, 280, 22, INK, 'Helvetica-Bold');
  text(`taught by ${cert.educatorName}`, 345, 14, MUTED);

  const issued = new Date(cert.issuedAt).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  doc.font('Helvetica').fontSize(11).fillColor(INK);
  doc.text(`Issued on ${issued}`, 80, 430);
  doc.text(`Certificate ID: ${cert._id}`, 80, 448);
  doc.fillColor(MUTED).text('Verify at:', 80, 472);
  doc.fillColor(BRAND).text(cert.verifyUrl, 80, 488, { link: cert.verifyUrl, width: width - 320 });

  const qrSize = 110;
  doc.image(qr, width - 80 - qrSize, height - 70 - qrSize, { width: qrSize, height: qrSize });
  doc.end();
  return done;
}
