import { existsSync } from 'node:fs';
import type { Certificate } from '@kaksha/contracts';
import { describe, expect, it } from 'vitest';
import { fontFiles, splitRuns } from '../../core/pdf-fonts.ts';
import { fontUses, lettersIn } from '../../core/pdf-glyphs.test-helpers.ts';
import { renderCertificatePdf } from './certificates.pdf.ts';

const certificate = (names: Pick<Certificate, 'learnerName' | 'courseTitle' | 'educatorName'>): Certificate => ({
  _id: '3f2c1a9e-1111-4222-8333-944455556666',
  courseId: '5d0c9b7a-2222-4333-8444-a55566667777',
  issuedAt: '2026-11-25T00:00:00.000Z',
  verifyUrl: 'https://kaksha.example/certificate/3f2c1a9e-1111-4222-8333-944455556666',
  pdfUrl: 'https://kaksha.example/api/certificate/3f2c1a9e-1111-4222-8333-944455556666/pdf',
  ...names,
});

/** The embedded fonts' names, without the subset tag (ABCDEF+). */
const fontsOf = (pdf: string) =>
  [...new Set([...pdf.matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[1]))].sort();

describe('certificate PDF fonts', () => {
  it('finds the font files (resolved from node_modules, as from the bundle)', () => {
    expect(fontFiles().length).toBeGreaterThan(0);
    for (const file of fontFiles()) expect(existsSync(file), file).toBe(true);
  });

  it('splits text into runs by script, keeping spaces with the run they follow', () => {
    const runs = (value: string) => splitRuns(value).map((r) => [r.text, r.script]);
    expect(runs('राम शर्मा')).toEqual([['राम शर्मा', 'devanagari']]);
    expect(runs('Rahul शर्मा')).toEqual([
      ['Rahul ', 'latin'],
      ['शर्मा', 'devanagari'],
    ]);
    expect(runs('हिंदी में JavaScript 2')).toEqual([
      ['हिंदी में ', 'devanagari'],
      ['JavaScript 2', 'latin'],
    ]);
    // Joiners stay inside the Devanagari run (half forms), the danda is Devanagari.
    expect(runs('क्\u200dष।')).toEqual([['क्\u200dष।', 'devanagari']]);
    expect(splitRuns('')).toEqual([]);
  });

  it('gives each Indian script its own font, a danda to the script before it, Latin and digits to Noto Sans', () => {
    const runs = (value: string) => splitRuns(value).map((r) => [r.text, r.script]);
    expect(runs('செல்வி முருகன்')).toEqual([['செல்வி முருகன்', 'tamil']]);
    expect(runs('সুদীপ্তা চক্রবর্তী।')).toEqual([['সুদীপ্তা চক্রবর্তী।', 'bengali']]);
    expect(runs('వెంకట లక్ష్మి')).toEqual([['వెంకట లక్ష్మి', 'telugu']]);
    expect(runs('હેતલ પટેલ')).toEqual([['હેતલ પટેલ', 'gujarati']]);
    // Marathi is written in Devanagari.
    expect(runs('श्रेया देशपांडे')).toEqual([['श्रेया देशपांडे', 'devanagari']]);
    expect(runs('Dr. கலா 2 హరి ₹ দেব')).toEqual([
      ['Dr. ', 'latin'],
      ['கலா ', 'tamil'],
      ['2 ', 'latin'],
      ['హరి ', 'telugu'],
      ['₹ ', 'latin-ext'],
      ['দেব', 'bengali'],
    ]);
    // A rupee sign after Hindi stays in the Hindi run (its font has it).
    expect(runs('मूल्य ₹')).toEqual([['मूल्य ₹', 'devanagari']]);
  });

  it('embeds Noto Sans Devanagari for a Hindi name and title', async () => {
    const pdf = (
      await renderCertificatePdf(
        certificate({ learnerName: 'राम शर्मा', courseTitle: 'हिंदी में JavaScript', educatorName: 'श्री क्षितिज' }),
      )
    ).toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    expect(fontsOf(pdf)).toEqual([
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansDevanagari-Bold',
      'NotoSansDevanagari-Regular',
    ]);
    expect(pdf).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansDevanagari-Bold/);
    expect(pdf).toMatch(/\/FontFile2 /);
    expect(pdf).not.toMatch(/Helvetica/);
  });

  it('sets a Latin-only certificate in Noto Sans alone', async () => {
    const pdf = (
      await renderCertificatePdf(
        certificate({ learnerName: 'Ravi Learner', courseTitle: 'Algebra Basics', educatorName: 'Asha Teacher' }),
      )
    ).toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    expect(pdf).toMatch(/\/Subtype \/Image/);
    expect(fontsOf(pdf)).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
  });

  it.each([
    ['Tamil', 'NotoSansTamil', 'செல்வி முருகன்', 'தமிழ் இலக்கணம்', 'க்ஷேத்ரா ஸ்ரீநிவாசன்'],
    ['Bengali', 'NotoSansBengali', 'সুদীপ্তা চক্রবর্তী', 'বাংলা সাহিত্য', 'ঋত্বিক ঘোষ'],
    ['Telugu', 'NotoSansTelugu', 'వెంకట లక్ష్మి', 'తెలుగు వ్యాకరణం', 'శ్రీనివాస్ రెడ్డి'],
    ['Marathi', 'NotoSansDevanagari', 'श्रेया देशपांडे', 'मराठी व्याकरण', 'ज्ञानेश्वर कुलकर्णी'],
    ['Gujarati', 'NotoSansGujarati', 'હેતલ પટેલ', 'ગુજરાતી વ્યાકરણ', 'ક્ષિતિજ શ્રીમાળી'],
  ])(
    'prints %s names and titles with their own glyphs, no boxes',
    async (_language, font, learnerName, courseTitle, educatorName) => {
      const pdf = await renderCertificatePdf(certificate({ learnerName, courseTitle, educatorName }));
      const uses = fontUses(pdf);
      // No font drew a .notdef glyph (glyph 0, the box) anywhere on the certificate.
      for (const use of uses) expect(use.glyphs, use.font).not.toContain(0);
      // The script's font drew the letters of the three names, and nothing else.
      const script = uses.filter((u) => u.font.startsWith(`${font}-`));
      expect(script.map((u) => u.font).sort()).toEqual([`${font}-Bold`, `${font}-Regular`]);
      expect(lettersIn(script.map((u) => u.text).join(''))).toBe(lettersIn(learnerName + courseTitle + educatorName));
      // "taught by" is in Noto Sans, the educator's name beside it in the script's font.
      expect(uses.find((u) => u.font === 'NotoSans-Regular')?.text).toContain('taught by');
    },
  );

  it("words a Hindi learner's certificate in Hindi, names and title as written", async () => {
    const cert = certificate({
      learnerName: 'Ravi Kumar',
      courseTitle: 'Excel से डेटा विश्लेषण',
      educatorName: 'आशा शर्मा',
    });
    const uses = fontUses(await renderCertificatePdf(cert, 'hi'));
    for (const use of uses) expect(use.glyphs, use.font).not.toContain(0);
    const latin = uses
      .filter((u) => u.font.startsWith('NotoSans-'))
      .map((u) => u.text)
      .join(' ');
    const devanagari = uses
      .filter((u) => u.font.startsWith('NotoSansDevanagari-'))
      .map((u) => u.text)
      .join('');
    // No English word of the certificate's own is left; the names, the brand, the id and the link are.
    expect(latin).not.toMatch(/Certificate|certifies|completed|taught|Issued|Verify|November/);
    for (const kept of ['KAKSHA', 'Ravi Kumar', 'Excel', cert._id, cert.verifyUrl, '25', '2026']) {
      expect(latin).toContain(kept);
    }
    // The Devanagari drawn is the Hindi labels, the date's month and the names, nothing else.
    const hindi = [
      'कोर्स पूर्णता प्रमाणपत्र',
      'प्रमाणित किया जाता है कि',
      'ने यह कोर्स सफलतापूर्वक पूरा किया है',
      'से डेटा विश्लेषण',
      'प्रशिक्षक',
      'आशा शर्मा',
      'जारी करने की तिथि',
      'नवंबर',
      'प्रमाणपत्र आईडी',
      'यहाँ सत्यापित करें',
    ];
    expect(lettersIn(devanagari)).toBe(lettersIn(hindi.join('')));
  });

  it('words it in English by default', async () => {
    const cert = certificate({ learnerName: 'Ravi Kumar', courseTitle: 'Algebra', educatorName: 'Asha' });
    const uses = fontUses(await renderCertificatePdf(cert));
    const text = uses.map((u) => u.text).join(' ');
    for (const words of ['Certificate of Completion', 'This certifies that', 'has successfully completed the course']) {
      expect(text).toContain(words);
    }
    expect(text).toContain('taught by Asha');
    expect(text).toContain('Issued on 25 November 2026');
    expect(uses.map((u) => u.font)).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
  });

  it('renders very long names and titles (shrunk, then wrapped) and other Latin scripts', async () => {
    const pdf = await renderCertificatePdf(
      certificate({
        learnerName: 'प्रियंका राधाकृष्णन वेंकटरमण सुब्रह्मण्यम अय्यर Āditya',
        courseTitle: `${'Full-stack web development with React and Node.js '.repeat(4)}पूरा कोर्स`,
        educatorName: 'Łukasz Żółć',
      }),
    );
    expect(pdf.toString('latin1').startsWith('%PDF')).toBe(true);
  });
});
