import type { EarningsSummary, LedgerEntry, User } from '@kaksha/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import EarningsPage from './EarningsPage';

const educator: User = {
  _id: 'e1',
  name: 'Asha Verma',
  email: 'asha@example.com',
  role: 'educator',
  description: '',
  photoUrl: null,
  enrolledCourses: [],
};
const months = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  earned: i === 10 ? 1355.94 : 0,
  refunded: 0,
  paidOut: i === 10 ? 677.97 : 0,
}));
const summary: EarningsSummary = {
  pending: 677.97,
  available: 0,
  paidOut: 677.97,
  lifetime: 1355.94,
  nextReleaseAt: '2026-11-27T10:00:00.000Z',
  months,
  minimumPayout: 500,
};
const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  _id: 'l1',
  at: '2026-11-20T10:00:00.000Z',
  kind: 'sale',
  gross: 1000,
  gst: 152.54,
  platformFee: 169.49,
  educatorShare: 677.97,
  availableAt: '2026-11-27T10:00:00.000Z',
  pending: true,
  course: { _id: 'c1', title: 'Ledgers for Humans' },
  document: 'KAK/2627/0000007',
  couponCode: null,
  payout: null,
  reason: null,
  ...over,
});

let calls: { method: string; url: string; body: unknown }[];
let account: unknown;

beforeEach(() => {
  calls = [];
  account = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/earnings/summary') return json(summary);
      if (url === '/api/earnings/ledger?limit=20') {
        return json({
          entries: [
            entry({}),
            entry({
              _id: 'l2',
              kind: 'payout',
              gross: 0,
              gst: 0,
              platformFee: 0,
              educatorShare: -677.97,
              pending: false,
              course: null,
              document: null,
              payout: { _id: 'p1', status: 'paid', reference: 'HDFCR520260415' },
            }),
          ],
          nextCursor: '41',
        });
      }
      if (url === '/api/earnings/ledger?limit=20&cursor=41') {
        return json({
          entries: [entry({ _id: 'l3', at: '2026-11-01T10:00:00.000Z', pending: false })],
          nextCursor: null,
        });
      }
      if (url === '/api/earnings/payout-account' && method === 'GET') return json({ account });
      if (url === '/api/earnings/payout-account' && method === 'PUT') {
        account = {
          accountHolder: body.accountHolder,
          accountLast4: body.accountNumber.slice(-4),
          ifsc: body.ifsc,
          panLast4: body.pan.slice(-4),
          updatedAt: '2026-11-20T10:00:00.000Z',
        };
        return json({ account });
      }
      return json({ message: 'no route' }, 404);
    }),
  );
});

const renderPage = () => renderWithProviders(<EarningsPage />, { user: educator });

describe('/educator/earnings', () => {
  it('shows the four balances and when the next sale is released', async () => {
    renderPage();
    const balances = await screen.findByRole('region', { name: 'Balances' });
    for (const [label, value] of [
      ['Pending', '₹ 677.97'],
      ['Available', '₹ 0.00'],
      ['Paid out', '₹ 677.97'],
      ['Lifetime', '₹ 1,355.94'],
    ]) {
      expect(within(balances).getByText(label).nextElementSibling).toHaveTextContent(value as string);
    }
    expect(balances).toHaveTextContent('Next release: 27 Nov 2026.');
    expect(balances).toHaveTextContent('Payouts are made from ₹ 500.00 available');
  });

  it('lists the ledger newest first, pending or available or paid, and pages to older entries', async () => {
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Ledger entries' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Sale');
    expect(items[0]).toHaveTextContent('Ledgers for Humans · KAK/2627/0000007');
    expect(items[0]).toHaveTextContent('Paid ₹ 1,000.00 · GST ₹ 152.54 · Platform fee ₹ 169.49');
    expect(items[0]).toHaveTextContent('+₹ 677.97');
    expect(items[0]).toHaveTextContent('Pending until 27 Nov 2026');
    expect(items[1]).toHaveTextContent('−₹ 677.97');
    expect(items[1]).toHaveTextContent('UTR HDFCR520260415');
    expect(items[1]).toHaveTextContent('Paid');
    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('Available');
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });

  it('downloads the chosen month’s statement', async () => {
    const user = userEvent.setup();
    renderPage();
    const month = await screen.findByLabelText('Statement month');
    expect(month).toHaveValue('2026-12');
    await user.selectOptions(month, '2026-11');
    expect(screen.getByRole('link', { name: 'Download statement (CSV)' })).toHaveAttribute(
      'href',
      '/api/earnings/statement?month=2026-11',
    );
  });

  it('checks IFSC and PAN as the server does, saves the account, and then shows only its last four characters', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Account holder'), 'Asha Verma');
    await user.type(screen.getByLabelText('Account number'), '1234 5678 9012');
    await user.type(screen.getByLabelText('IFSC'), 'hdfc1234567');
    await user.type(screen.getByLabelText('PAN'), 'abcde1234f');
    await user.click(screen.getByRole('button', { name: 'Save payout account' }));
    expect(await screen.findByText(/^IFSC must be 11 characters/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(screen.getByLabelText('IFSC'));
    await user.type(screen.getByLabelText('IFSC'), 'hdfc0001234');
    await user.click(screen.getByRole('button', { name: 'Save payout account' }));
    await screen.findByText('•••• 9012');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      accountHolder: 'Asha Verma',
      accountNumber: '123456789012',
      ifsc: 'HDFC0001234',
      pan: 'ABCDE1234F',
    });
    expect(screen.getByText('•••• 234F')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('123456789012');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Payout account saved.'));
  });
});
