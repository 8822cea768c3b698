import { COUPON_MESSAGES, GSTIN_MESSAGES, type PaymentQuote, type User } from '@kaksha/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testCourse, testUser } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { CourseCheckout } from './CourseCheckout';

const learner = testUser({ name: 'Meera Iyer', email: 'meera@example.com' });
const course = testCourse({
  _id: 'c1',
  title: 'Full-Stack Web Development',
  price: 1299,
  isPublished: true,
  creator: 'educator-1',
  thumbnail: null,
  category: 'Web Development',
  level: 'Beginner',
});
const policy = { windowDays: 7, maxProgressPercent: 30, maxPer90Days: 3 };
const POLICY_TEXT =
  'Refunds within 7 days of purchase if you have completed no more than 30% of the lectures and have not claimed the certificate (up to 3 refunds in 90 days).';

/** The server's quotes for this course: Karnataka is the seller's state; SAVE10 is 10 % off, FREEBIE 100 %. */
function quoteFor(couponCode: string | undefined, stateCode: string): PaymentQuote {
  const intra = stateCode === '29';
  const place = intra ? { stateCode: '29', stateName: 'Karnataka' } : { stateCode: '27', stateName: 'Maharashtra' };
  if (couponCode === 'FREEBIE') {
    return {
      price: 1299,
      discount: 1299,
      amount: 0,
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      gstRate: 18,
      placeOfSupply: place,
      coupon: { code: 'FREEBIE', type: 'percent', value: 100 },
    };
  }
  const [amount, taxable, tax] = couponCode ? [1169.1, 990.76, 178.34] : [1299, 1100.85, 198.15];
  const split = intra
    ? { cgst: couponCode ? 89.17 : 99.07, sgst: couponCode ? 89.17 : 99.08, igst: 0 }
    : { cgst: 0, sgst: 0, igst: tax };
  return {
    price: 1299,
    discount: couponCode ? 129.9 : 0,
    amount,
    taxable,
    ...split,
    gstRate: 18,
    placeOfSupply: place,
    ...(couponCode && { coupon: { code: couponCode, type: 'percent' as const, value: 10 } }),
  };
}

const summary = { _id: 'c1', title: course.title, thumbnail: null, category: course.category, level: course.level };
let enrolledOnServer: (typeof summary)[];
let calls: { method: string; path: string; body: unknown }[];
let billing: { name: string; stateCode: string; stateName: string; gstin: string | null; address: null } | null;
const order = { id: 'order_AbCdEfGhIjKlMn', amount: 129900, currency: 'INR', key: 'rzp_test_x', provider: 'sandbox' };

beforeEach(() => {
  calls = [];
  billing = null;
  enrolledOnServer = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: String(url), body });
      switch (`${method} ${url}`) {
        case 'GET /api/user/currentuser':
          return json({ ...learner, enrolledCourses: enrolledOnServer });
        case 'GET /api/config':
          return json({
            googleClientId: null,
            paymentProvider: 'sandbox',
            paymentKeyId: 'k',
            currency: 'INR',
            refundPolicy: policy,
          });
        case 'GET /api/user/billing':
          return json({ billing });
        case 'PUT /api/user/billing':
          billing = { ...body, stateName: body.stateCode === '27' ? 'Maharashtra' : 'Karnataka', address: null };
          return json({ billing });
        case 'POST /api/payment/quote':
          if (body.couponCode === 'OLDCODE') return json({ message: COUPON_MESSAGES.expired }, 400);
          return json(quoteFor(body.couponCode, billing?.stateCode ?? '29'));
        case 'POST /api/payment/create-order':
          if (body.couponCode === 'LASTONE') return json({ message: COUPON_MESSAGES.exhausted }, 400);
          if (body.couponCode !== 'FREEBIE') return json({ ...order, amount: body.couponCode ? 116910 : 129900 });
          enrolledOnServer = [summary];
          return json({
            enrolled: true,
            message: 'You are now enrolled in this course.',
            id: null,
            amount: 0,
            currency: 'INR',
          });
        default:
          return json({ message: `no route ${method} ${url}` }, 404);
      }
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const fn of Object.values(toast)) fn.mockReset();
});

const renderCheckout = (at = '/viewcourse/c1', user: User = learner) =>
  renderWithProviders(<CourseCheckout course={course} />, { path: '/viewcourse/:courseId', at, user });
const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
const details = () => screen.getByRole('region', { name: 'Price details' });
const slow = { timeout: 5000 };
/** The line saying which coupon is applied (a live status; the Apply button's spinner is one too). */
const appliedLine = () =>
  screen.findByText((_, el) => el?.getAttribute('role') === 'status' && /applied/.test(el.textContent ?? ''));
/** The billing summary shown once the details are saved. */
const billedTo = () => screen.findByText((_, el) => el?.tagName === 'P' && /^Billed to/.test(el.textContent ?? ''));

describe('CourseCheckout', () => {
  it('shows the quote with CGST and SGST, the place of supply and the refund policy; Enroll Now orders without a coupon', async () => {
    const user = userEvent.setup();
    renderCheckout();
    expect(await screen.findByTestId('quote-total')).toHaveTextContent('₹ 1,299.00');
    const region = details();
    expect(region).toHaveTextContent('Course price₹ 1,299.00');
    expect(region).toHaveTextContent('Taxable value₹ 1,100.85');
    expect(region).toHaveTextContent('CGST @ 9%₹ 99.07');
    expect(region).toHaveTextContent('SGST @ 9%₹ 99.08');
    expect(region).not.toHaveTextContent('IGST');
    expect(region).toHaveTextContent('Place of supply: Karnataka (29)');
    expect(await screen.findByText(POLICY_TEXT)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' }, slow);
    // The spec's request, unchanged for a course bought without a coupon.
    expect(sent('POST', '/api/payment/create-order').map((c) => c.body)).toEqual([{ courseId: 'c1', userId: 'u1' }]);
    expect(within(dialog).getByRole('button', { name: 'Pay ₹ 1,299' })).toBeInTheDocument();
    expect(sent('PUT', '/api/user/billing')).toHaveLength(0);
  });

  it('applies a coupon: the discount and its GST in the breakdown, and create-order carries the code', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await user.type(await screen.findByLabelText('Coupon code'), ' save10 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await appliedLine()).toHaveTextContent('Coupon SAVE10 applied');
    expect(sent('POST', '/api/payment/quote').at(-1)?.body).toEqual({ courseId: 'c1', couponCode: 'SAVE10' });
    expect(details()).toHaveTextContent('Coupon SAVE10 (10% off)− ₹ 129.90');
    expect(details()).toHaveTextContent('CGST @ 9%₹ 89.17');
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₹ 1,169.10');

    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' }, slow);
    expect(sent('POST', '/api/payment/create-order')[0]?.body).toEqual({
      courseId: 'c1',
      userId: 'u1',
      couponCode: 'SAVE10',
    });
    // The order's amount has paise: the checkout shows them, never a rounded figure.
    expect(within(dialog).getByRole('button', { name: 'Pay ₹ 1,169.10' })).toBeInTheDocument();
  });

  it("shows the server's reason a coupon cannot be used under the field, and orders at the full price", async () => {
    const user = userEvent.setup();
    renderCheckout();
    const field = await screen.findByLabelText('Coupon code');
    await user.type(field, 'oldcode{Enter}');
    expect(await screen.findByText(COUPON_MESSAGES.expired)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(COUPON_MESSAGES.expired);
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₹ 1,299.00');
    // Not even asked: a code the server could never accept.
    await user.clear(field);
    await user.type(field, 'a!{Enter}');
    expect(await screen.findByText(COUPON_MESSAGES.invalid)).toBeInTheDocument();
    expect(
      sent('POST', '/api/payment/quote').filter((c) => (c.body as { couponCode?: string }).couponCode),
    ).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await screen.findByRole('dialog', { name: 'Checkout' }, slow);
    expect(sent('POST', '/api/payment/create-order')[0]?.body).toEqual({ courseId: 'c1', userId: 'u1' });
  });

  it('a coupon used up between the quote and the order: its reason under the field and in a toast, the full price back', async () => {
    const user = userEvent.setup();
    renderCheckout('/viewcourse/c1?coupon=LASTONE');
    expect(await appliedLine()).toHaveTextContent('Coupon LASTONE applied');
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    expect(await screen.findByLabelText('Coupon code')).toHaveAccessibleDescription(COUPON_MESSAGES.exhausted);
    expect(toast.error).toHaveBeenCalledWith(COUPON_MESSAGES.exhausted);
    await waitFor(() => expect(screen.getByTestId('quote-total')).toHaveTextContent('₹ 1,299.00'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Enroll Now' })).toBeEnabled();
  });

  it('a share link (?coupon=CODE) applies the code on arrival', async () => {
    renderCheckout('/viewcourse/c1?coupon=save10');
    expect(await appliedLine()).toHaveTextContent('Coupon SAVE10 applied');
    await waitFor(() => expect(screen.getByTestId('quote-total')).toHaveTextContent('₹ 1,169.10'));
  });

  it('a 100 % coupon enrols at once: the free-enrolment answer, its message and Watch Now', async () => {
    const user = userEvent.setup();
    renderCheckout('/viewcourse/c1?coupon=FREEBIE');
    await waitFor(() => expect(screen.getByTestId('quote-total')).toHaveTextContent('₹ 0.00'));
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    expect(await screen.findByRole('link', { name: 'Watch Now' })).toHaveAttribute('href', '/viewlecture/c1');
    expect(toast.success).toHaveBeenCalledWith('You are now enrolled in this course.');
    expect(screen.queryByRole('region', { name: 'Price details' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks the state once: saved with PUT, the quote redone (IGST outside the seller’s state), then a summary', async () => {
    const user = userEvent.setup();
    renderCheckout();
    const name = await screen.findByLabelText('Name on invoice');
    expect(name).toHaveValue('Meera Iyer');
    await user.selectOptions(screen.getByLabelText('State'), 'Maharashtra');
    await user.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await billedTo()).toHaveTextContent('Billed to Meera Iyer, Maharashtra');
    expect(sent('PUT', '/api/user/billing').map((c) => c.body)).toEqual([
      { name: 'Meera Iyer', stateCode: '27', gstin: null, address: null },
    ]);
    await waitFor(() => expect(details()).toHaveTextContent('IGST @ 18%₹ 198.15'));
    expect(details()).toHaveTextContent('Place of supply: Maharashtra (27)');
    expect(screen.queryByLabelText('State')).toBeNull();

    // Change opens the form with what was saved.
    await user.click(screen.getByRole('button', { name: 'Change billing details' }));
    expect(screen.getByLabelText('State')).toHaveValue('27');
  });

  it('Enroll Now saves changed billing details first, and stops on a GSTIN the form can tell is wrong', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await user.selectOptions(await screen.findByLabelText('State'), 'Karnataka');
    // 29ABCDE1234F1Z5 with its check character changed.
    await user.type(screen.getByLabelText('GSTIN (optional)'), '29ABCDE1234F1Z6');
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    expect(await screen.findByText(GSTIN_MESSAGES.check)).toBeInTheDocument();
    expect(sent('PUT', '/api/user/billing')).toHaveLength(0);
    expect(sent('POST', '/api/payment/create-order')).toHaveLength(0);

    await user.clear(screen.getByLabelText('GSTIN (optional)'));
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await screen.findByRole('dialog', { name: 'Checkout' }, slow);
    const order = calls.map((c) => `${c.method} ${c.path}`);
    expect(order.indexOf('PUT /api/user/billing')).toBeGreaterThan(-1);
    expect(order.indexOf('PUT /api/user/billing')).toBeLessThan(order.indexOf('POST /api/payment/create-order'));
  });

  it('shows just Watch Now to an enrolled learner: no price details, no quote', async () => {
    renderCheckout('/viewcourse/c1', {
      ...learner,
      enrolledCourses: [
        { _id: 'c1', title: course.title, thumbnail: null, category: course.category, level: course.level },
      ],
    });
    expect(screen.getByRole('link', { name: 'Watch Now' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Price details' })).toBeNull();
    expect(sent('POST', '/api/payment/quote')).toHaveLength(0);
  });
});
