import type { Certificate } from '@kaksha/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import CertificatePage from './CertificatePage';

const certificate: Certificate = {
  _id: '0b8c3a9e-7d55-4a43-9d0e-3f4f5c6a7b8c',
  courseId: 'c1',
  learnerName: 'Rahul Verma',
  courseTitle: 'Machine Learning with Python',
  educatorName: 'Rohan Mehta',
  issuedAt: '2026-03-04T10:00:00.000Z',
  verifyUrl: 'https://kaksha.example/certificate/0b8c3a9e-7d55-4a43-9d0e-3f4f5c6a7b8c',
  pdfUrl: 'https://kaksha.example/api/certificate/0b8c3a9e-7d55-4a43-9d0e-3f4f5c6a7b8c/pdf',
};

function renderAt(id: string, answer: Response) {
  vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer));
  renderWithProviders(<CertificatePage />, { path: '/certificate/:id', at: `/certificate/${id}` });
}

describe('CertificatePage', () => {
  it('shows learner, course, educator, date, the PDF and how it is verified', async () => {
    renderAt(certificate._id, json(certificate));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rahul Verma' })).toBeInTheDocument();
    expect(screen.getByText('Machine Learning with Python')).toBeInTheDocument();
    expect(screen.getByText('Rohan Mehta')).toBeInTheDocument();
    expect(screen.getAllByText(/4 March 2026/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/certificate/${certificate._id}/pdf`,
    );
    expect(screen.getByRole('note')).toHaveTextContent(`Verified by Kaksha`);
    expect(screen.getByRole('note')).toHaveTextContent(certificate.verifyUrl);
    expect(screen.getByRole('link', { name: 'Share on LinkedIn' }).getAttribute('href')).toContain(
      encodeURIComponent(certificate.verifyUrl),
    );
  });

  it('says a revoked certificate was revoked, without a name, a PDF or sharing (issue #32)', async () => {
    renderAt(
      certificate._id,
      json({ ...certificate, learnerName: 'Deleted user', revokedAt: '2026-11-20T10:00:00.000Z' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'This certificate was revoked' })).toBeInTheDocument();
    expect(screen.getByText(/“Machine Learning with Python” was revoked on 20 November 2026/)).toBeInTheDocument();
    expect(screen.queryByText('Deleted user')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Share on LinkedIn' })).toBeNull();
  });

  it('says when no certificate has that address', async () => {
    renderAt('nope', json({ message: 'Certificate not found' }, 404));
    expect(await screen.findByText('Certificate not found')).toBeInTheDocument();
  });
});
