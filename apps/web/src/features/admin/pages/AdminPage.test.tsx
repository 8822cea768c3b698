import type { AdminCoupon, AdminOrder, AdminRefund, Payout, User } from '@kaksha/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import AdminPage from './AdminPage';

const operator: User = {
  _id: 'a1',
  name: 'Ops',
  email: 'ops@example.com',
  role: 'admin',
  description: '',
  photoUrl: null,
  enrolledCourses: [],
};
const person = { _id: 'e1', name: 'Asha Verma', email: 'asha@example.com' };
const order: AdminOrder = {
  _id: 'o1',
  providerOrderId: 'order_Abc',
  providerPaymentId: 'pay_Abc',
  provider: 'sandbox',
  status: 'paid',
  learner: { _id: 'u1', name: 'Ravi', email: 'ravi@example.com' },
  course: { _id: 'c1', title: 'Ledgers for Humans' },
  educator: person,
  amount: 1000,
  price: 1000,
  discount: 0,
  couponCode: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: '2026-11-20T10:00:00.000Z',
  invoice: { _id: 'i1', number: 'KAK/2627/0000007' },
  creditNote: null,
  refund: null,
};
const refund: AdminRefund = {
  _id: 'r1',
  status: 'failed',
  amount: 800,
  reason: 'Wrong course',
  createdAt: '2026-11-21T10:00:00.000Z',
  providerRefundId: 'rfnd_X',
  orderId: 'o2',
  learner: { _id: 'u2', name: 'Meera', email: 'meera@example.com' },
  course: { _id: 'c2', title: 'Python' },
  creditNote: null,
  retries: 0,
};
const payout: Payout = {
  _id: 'p1',
  runId: 'run1',
  educator: person,
  amount: 1355.94,
  provider: 'manual',
  status: 'processing',
  reference: null,
  accountLast4: '9012',
  ifsc: 'HDFC0001234',
  failure: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  paidAt: null,
};
const coupon: AdminCoupon = {
  _id: 'k1',
  code: 'ABUSED50',
  educator: person,
  course: { _id: 'c1', title: 'Ledgers for Humans' },
  type: 'percent',
  value: 50,
  active: true,
  redemptions: 40,
  maxRedemptions: null,
  revenue: 20000,
  expiresAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

let calls: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const path = url.split('?')[0];
      if (path === '/api/admin/orders') return json({ orders: [order], nextCursor: null });
      if (path === '/api/admin/refunds') return json({ refunds: [refund], nextCursor: null });
      if (url === '/api/admin/refunds/r1/retry')
        return json({
          message: 'The refund was sent again.',
          refund: { _id: 'r1', status: 'pending', providerRefundId: 'rfnd_Y' },
        });
      if (url === '/api/admin/payouts/due') {
        return json({
          minimum: 500,
          provider: 'manual',
          educators: [{ educator: person, available: 677.97, pending: 0, hasAccount: true }],
        });
      }
      if (url === '/api/admin/payouts/run')
        return json({ _id: 'run2', provider: 'manual', startedAt: '', finishedAt: '', payouts: [payout] });
      if (path === '/api/admin/payouts') return json({ payouts: [payout], nextCursor: null });
      if (url === '/api/admin/payouts/p1/mark-paid')
        return json({ payout: { ...payout, status: 'paid', reference: body.reference } });
      if (path === '/api/admin/coupons') return json({ coupons: [coupon], nextCursor: null });
      if (url === '/api/admin/coupons/k1/deactivate') return json({ coupon: { ...coupon, active: false } });
      if (url === '/api/admin/ledger/adjustments')
        return json({ message: 'Adjustment recorded.', entryId: 'l9', balance: 100, available: 74.5 });
      if (path === '/api/admin/audit') {
        return json({
          entries: [
            {
              _id: 'x1',
              at: '2026-11-22T10:00:00.000Z',
              actor: { _id: 'a1', email: 'ops@example.com' },
              action: 'payout.markPaid',
              target: 'payout:p1',
              before: { status: 'processing' },
              after: { status: 'paid' },
            },
          ],
          nextCursor: null,
        });
      }
      return json({ message: 'no route' }, 404);
    }),
  );
});

const renderPage = () => renderWithProviders(<AdminPage />, { user: operator });
const tab = (name: string) => userEvent.click(screen.getByRole('tab', { name }));

describe('/admin', () => {
  it('searches orders by what the operator types', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Ledgers for Humans')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Orders' })).toHaveTextContent('ravi@example.com · order_Abc');
    await user.type(screen.getByLabelText('Search orders'), ' ravi@ ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/orders?q=ravi%40&limit=25')).toBe(true));
  });

  it('retries a failed refund', async () => {
    renderPage();
    await tab('Refunds');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Retry the refund of Python to meera@example.com' }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The refund was sent again.'));
    expect(calls.some((c) => c.url === '/api/admin/refunds?status=failed&limit=25')).toBe(true);
  });

  it('runs payouts, and records the UTR of a manual transfer', async () => {
    const user = userEvent.setup();
    renderPage();
    await tab('Payouts');
    expect(await screen.findByRole('list', { name: 'Educators due a payout' })).toHaveTextContent('₹ 677.97');
    await user.click(screen.getByRole('button', { name: 'Run payouts' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('1 payout in this run.'));
    const history = await screen.findByRole('list', { name: 'Payouts' });
    expect(history).toHaveTextContent('•••• 9012 · HDFC0001234');
    await user.type(within(history).getByLabelText('UTR for Asha Verma'), 'hdfcr520261122');
    await user.click(within(history).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/admin/payouts/p1/mark-paid')?.body).toEqual({
        reference: 'hdfcr520261122',
      }),
    );
  });

  it('deactivates a coupon', async () => {
    renderPage();
    await tab('Coupons');
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate ABUSED50' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('ABUSED50 deactivated.'));
  });

  it('records an adjustment only with a reason', async () => {
    const user = userEvent.setup();
    renderPage();
    await tab('Adjustments');
    await user.type(screen.getByLabelText('Educator id'), 'e1');
    await user.type(screen.getByLabelText('Amount (₹)'), '-25.50');
    await user.click(screen.getByRole('button', { name: 'Record adjustment' }));
    expect(await screen.findByText(/^Reason is required/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason'), 'Chargeback on a card payment');
    await user.click(screen.getByRole('button', { name: 'Record adjustment' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/admin/ledger/adjustments')?.body).toEqual({
        educatorId: 'e1',
        amount: -25.5,
        reason: 'Chargeback on a card payment',
      }),
    );
  });

  it('shows the audit log with who, what, before and after', async () => {
    renderPage();
    await tab('Audit log');
    const log = await screen.findByRole('list', { name: 'Audit log' });
    expect(log).toHaveTextContent('payout.markPaid');
    expect(log).toHaveTextContent('ops@example.com');
    expect(log).toHaveTextContent('{"status":"processing"}');
    expect(log).toHaveTextContent('{"status":"paid"}');
  });
});
