import type { Certificate } from '@kaksha/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { CertificateCallToAction } from './CertificateCallToAction';
import { MyCertificates } from './MyCertificates';

const certificate: Certificate = {
  _id: 'cert-1',
  courseId: 'c1',
  learnerName: 'Rahul Verma',
  courseTitle: 'Machine Learning with Python',
  educatorName: 'Rohan Mehta',
  issuedAt: '2026-03-04T10:00:00.000Z',
  verifyUrl: 'https://kaksha.example/certificate/cert-1',
  pdfUrl: 'https://kaksha.example/api/certificate/cert-1/pdf',
};

/** GET /mine answers `mine`; the claim answers `claim`. */
function server(mine: Certificate[], claim?: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (url: string) =>
    url === '/api/certificate/mine' ? json(mine) : json(claim?.body ?? {}, claim?.status ?? 500),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('CertificateCallToAction', () => {
  it('says what earns the certificate until the course is complete', async () => {
    server([]);
    renderWithProviders(<CertificateCallToAction courseId="c1" complete={false} />);
    expect(
      await screen.findByText('Complete every lecture and pass every quiz to get your certificate.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get certificate' })).toBeNull();
  });

  it('claims once complete, then links to the certificate', async () => {
    const fetchMock = server([], { status: 201, body: certificate });
    renderWithProviders(<CertificateCallToAction courseId="c1" complete />);
    await userEvent.click(await screen.findByRole('button', { name: 'Get certificate' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Certificate issued'));
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/certificate/claim/c1');
    expect(await screen.findByRole('link', { name: 'View certificate' })).toHaveAttribute(
      'href',
      '/certificate/cert-1',
    );
  });

  it("shows the server's sentence when something is still missing (409)", async () => {
    server([], { status: 409, body: { message: 'Pass the quiz "Final check" to get your certificate' } });
    renderWithProviders(<CertificateCallToAction courseId="c1" complete />);
    await userEvent.click(await screen.findByRole('button', { name: 'Get certificate' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Pass the quiz "Final check" to get your certificate'),
    );
    expect(screen.getByRole('button', { name: 'Get certificate' })).toBeEnabled();
  });

  it('links to a certificate already issued', async () => {
    server([certificate]);
    renderWithProviders(<CertificateCallToAction courseId="c1" complete={false} />);
    expect(await screen.findByRole('link', { name: 'View certificate' })).toHaveAttribute(
      'href',
      '/certificate/cert-1',
    );
  });
});

describe('MyCertificates', () => {
  it("lists the learner's certificates with their page and PDF", async () => {
    server([certificate]);
    renderWithProviders(<MyCertificates />);
    expect(await screen.findByRole('link', { name: 'Machine Learning with Python' })).toHaveAttribute(
      'href',
      '/certificate/cert-1',
    );
    expect(
      screen.getByRole('link', { name: 'Download PDF of the Machine Learning with Python certificate' }),
    ).toHaveAttribute('href', '/api/certificate/cert-1/pdf');
    expect(screen.getByText(/Issued 4 March 2026 · taught by Rohan Mehta/)).toBeInTheDocument();
  });

  it('says how to earn one when there are none', async () => {
    server([]);
    renderWithProviders(<MyCertificates />);
    expect(await screen.findByText(/No certificates yet/)).toBeInTheDocument();
  });
});
