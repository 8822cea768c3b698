import { existsSync } from 'node:fs';
import type { Certificate } from '@kaksha/contracts';
import { describe, expect, it } from 'vitest';
import { fontFiles, splitRuns } from '../../core/pdf-fonts.ts';
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
    const runs = (value: string) => splitRuns(value).map((r) => [r.text, r.face === 0 ? 'deva' : 'latin']);
    expect(runs('राम शर्मा')).toEqual([['राम शर्मा', 'deva']]);
    expect(runs('Rahul शर्मा')).toEqual([
      ['Rahul ', 'latin'],
      ['शर्मा', 'deva'],
    ]);
    expect(runs('हिंदी में JavaScript 2')).toEqual([
      ['हिंदी में ', 'deva'],
      ['JavaScript 2', 'latin'],
    ]);
    // Joiners stay inside the Devanagari run (half forms), the danda is Devanagari.
    expect(runs('क्\u200dष।')).toEqual([['क्\u200dष।', 'deva']]);
    expect(splitRuns('')).toEqual([]);
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
