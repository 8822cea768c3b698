import type { Purchase } from '@kaksha/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { testUser } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import PurchasesPage from './PurchasesPage';

const learner = testUser({ name: 'Meera Iyer', email: 'meera@example.com' });
const policy = { windowDays: 7, maxProgressPercent: 30, maxPer90Days: 3 };
const POLICY_TEXT =
  'Refunds within 7 days of purchase if you have completed no more than 30% of the lectures and have not claimed the certificate (up to 3 refunds in 90 days).';

const eligible = {
  eligible: true,
  reason: null,
  deadline: '2026-11-08T06:00:00.000Z',
  progressPercent: 0,
  amount: 1169.1,
};
const purchase = (over: Partial<Purchase>): Purchase => ({
  orderId: 'o1',
  course: { _id: 'c1', title: 'Full-Stack Web Development', thumbnail: null },
  paidAt: '2026-11-01T06:00:00.000Z',
  amount: 1169.1,
  price: 1299,
  discount: 129.9,
  couponCode: 'SAVE10',
  invoice: { _id: 'i1', number: 'KK/2026-27/0001' },
  creditNote: null,
  refund: null,
  refundEligibility: eligible,
  ...over,
});

let purchases: Purchase[];
let calls: { method: string; path: string; body: unknown }[];
let refundAnswer: { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  purchases = [
    purchase({}),
    purchase({
      orderId: 'o2',
      course: { _id: 'c2', title: 'Python for Data Science', thumbnail: null },
      amount: 499,
      price: 499,
      discount: 0,
      couponCode: null,
      invoice: { _id: 'i2', number: 'KK/2026-27/0002' },
      refundEligibility: { ...eligible, eligible: false, reason: 'You have completed more than 30% of the lectures.' },
    }),
  ];
  refundAnswer = {
    status: 200,
    body: {
      message: 'Your refund has been processed.',
      refund: { _id: 'r1', amount: 1169.1, status: 'processed' },
      creditNote: { _id: 'n1', number: 'KKC/2026-27/0001' },
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: String(url), body });
      if (url === '/api/payment/purchases') return json({ purchases, refundPolicy: policy });
      if (url === '/api/payment/refund') {
        if (refundAnswer.status === 200) {
          purchases = purchases.map((p) =>
            p.course._id === body.courseId
              ? {
                  ...p,
                  refund: { _id: 'r1', amount: 1169.1, status: 'processed' },
                  creditNote: { _id: 'n1', number: 'KKC/2026-27/0001' },
                  refundEligibility: { ...eligible, eligible: false, reason: 'This purchase has been refunded.' },
                }
              : p,
          );
        }
        return json(refundAnswer.body, refundAnswer.status);
      }
      if (url === '/api/user/currentuser') return json(learner);
      return json({ message: 'no route' }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const fn of Object.values(toast)) fn.mockReset();
});

const renderPage = () => renderWithProviders(<PurchasesPage />, { user: learner });
const item = (title: string) => screen.findByRole('article', { name: title });

describe('/purchases', () => {
  it('shows each purchase: course, date, amount with its coupon, the invoice PDF, the status, Refund or why not', async () => {
    renderPage();
    const fullStack = await item('Full-Stack Web Development');
    expect(within(fullStack).getByRole('link', { name: 'Full-Stack Web Development' })).toHaveAttribute(
      'href',
      '/viewcourse/c1',
    );
    expect(fullStack).toHaveTextContent('Bought 1 Nov 2026 · ₹ 1,169.10 (price ₹ 1,299, coupon SAVE10 − ₹ 129.90)');
    expect(within(fullStack).getByRole('link', { name: 'Download invoice KK/2026-27/0001 (PDF)' })).toHaveAttribute(
      'href',
      '/api/invoice/i1/pdf',
    );
    expect(fullStack).toHaveTextContent('Paid');
    expect(within(fullStack).getByRole('button', { name: 'Refund Full-Stack Web Development' })).toBeInTheDocument();

    const python = await item('Python for Data Science');
    expect(within(python).queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(python).toHaveTextContent('No refund: You have completed more than 30% of the lectures.');
    expect(screen.getByText(POLICY_TEXT)).toBeInTheDocument();
  });

  it('refunds after a confirmation with the policy and a reason; the row shows the credit note and Refunded, and the course leaves the learner’s courses', async () => {
    const user = userEvent.setup();
    const { client } = renderPage();
    client.setQueryData(queryKeys.enrolledCourses, [{ _id: 'c1' }]);
    await user.click(within(await item('Full-Stack Web Development')).getByRole('button', { name: /^Refund/ }));
    const dialog = screen.getByRole('dialog', { name: 'Request a refund' });
    expect(dialog).toHaveTextContent(POLICY_TEXT);
    expect(dialog).toHaveTextContent('₹ 1,169.10 for Full-Stack Web Development goes back');
    await waitFor(() => expect(within(dialog).getByLabelText('Reason')).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹ 1,169.10' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Please tell us why you want a refund');
    expect(calls.some((c) => c.path === '/api/payment/refund')).toBe(false);

    await user.type(within(dialog).getByLabelText('Reason'), '  Bought the wrong course ');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹ 1,169.10' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your refund has been processed.'));
    expect(calls.find((c) => c.path === '/api/payment/refund')?.body).toEqual({
      courseId: 'c1',
      reason: 'Bought the wrong course',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    const refunded = await item('Full-Stack Web Development');
    await waitFor(() => expect(refunded).toHaveTextContent('Refunded'));
    expect(within(refunded).getByRole('link', { name: 'Download credit note KKC/2026-27/0001 (PDF)' })).toHaveAttribute(
      'href',
      '/api/invoice/n1/pdf',
    );
    expect(within(refunded).queryByRole('button', { name: /^Refund/ })).toBeNull();
    expect(client.getQueryState(queryKeys.enrolledCourses)?.isInvalidated).toBe(true);
  });

  it('a refusal (409: no longer eligible) is told in the dialog', async () => {
    refundAnswer = { status: 409, body: { message: 'The 7-day refund window closed on 8 Nov 2026.' } };
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await item('Full-Stack Web Development')).getByRole('button', { name: /^Refund/ }));
    const dialog = screen.getByRole('dialog', { name: 'Request a refund' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Changed my mind');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹ 1,169.10' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The 7-day refund window closed on 8 Nov 2026.');
  });

  it('with nothing bought, says so and links to the catalogue', async () => {
    purchases = [];
    renderPage();
    expect(await screen.findByText('You haven’t bought any course yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/allcourses');
  });
});
