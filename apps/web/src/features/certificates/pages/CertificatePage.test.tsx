import type { Certificate } from '@kaksha/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CertificatePage from './CertificatePage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/certificate/${id}`]}>
        <Routes>
          <Route path="/certificate/:id" element={<CertificatePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CertificatePage', () => {
  it('shows learner, course, educator, date, the PDF and how it is verified', async () => {
    renderAt(certificate._id, new Response(JSON.stringify(certificate), { status: 200 }));
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

  it('says when no certificate has that address', async () => {
    renderAt('nope', new Response(JSON.stringify({ message: 'Certificate not found' }), { status: 404 }));
    expect(await screen.findByText('Certificate not found')).toBeInTheDocument();
  });
});
