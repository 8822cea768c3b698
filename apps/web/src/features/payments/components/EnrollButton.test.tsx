import type { Course, EnrolledCourse, User } from '@kaksha/contracts';
import { useQuery } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { testCourse, testUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { EnrollButton } from './EnrollButton';

const learner = testUser({ name: 'Meera Iyer', email: 'meera@example.com' });
const course = testCourse({
  _id: 'c1',
  title: 'Full-Stack Web Development',
  price: 1299,
  creator: 'educator-1',
  thumbnail: '/media/public/thumbnails/c1-640.webp',
  category: 'Web Development',
  level: 'Beginner',
});
/** How the server lists the course in the user's `enrolledCourses`. */
const summary: EnrolledCourse = {
  _id: 'c1',
  title: course.title,
  thumbnail: course.thumbnail,
  category: course.category,
  level: course.level,
};
const order = { id: 'order_AbCdEfGhIjKlMn', amount: 129900, currency: 'INR', key: 'rzp_test_x', provider: 'sandbox' };
const signed = {
  razorpay_order_id: order.id,
  razorpay_payment_id: 'pay_AbCdEfGhIjKlMn',
  razorpay_signature: 'f'.repeat(64),
};

type Route = { status?: number; body: unknown; delay?: Promise<void> };
let routes: Record<string, Route | ((body: unknown) => Route)>;
let calls: { path: string; body: unknown }[];
let enrolledOnServer: EnrolledCourse[];
/** While set, current-user requests wait on it (to see what the button shows before the refetch). */
let currentUserGate: Promise<void> | undefined;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeAll(() => {
  // jsdom's <dialog> has no modal behaviour; enough of it for the Modal component.
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal: () => void; close: () => void };
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

beforeEach(() => {
  calls = [];
  enrolledOnServer = [];
  currentUserGate = undefined;
  routes = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = String(url);
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      if (path === '/api/user/currentuser') {
        await currentUserGate;
        return json(200, { ...learner, enrolledCourses: enrolledOnServer });
      }
      const route = routes[path];
      if (!route) return json(404, { message: 'no route' });
      const answer = typeof route === 'function' ? route(body) : route;
      await answer.delay;
      return json(answer.status ?? 200, answer.body);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toast.success.mockReset();
  toast.error.mockReset();
  delete window.Razorpay;
});

function renderButton(user: User | null = learner, c: Course = course) {
  return renderWithProviders(<EnrollButton course={c} />, { user }).client;
}

// The first open also loads the lazy checkout chunk, which jsdom transforms on demand.
const slow = { timeout: 5000 };

const count = (path: string) => calls.filter((c) => c.path === path).length;

describe('EnrollButton', () => {
  it('shows Watch Now, linking to the lecture viewer, for an enrolled learner', () => {
    renderButton({ ...learner, enrolledCourses: [summary] });
    expect(screen.getByRole('link', { name: 'Watch Now' })).toHaveAttribute('href', '/viewlecture/c1');
  });

  it('shows Watch Now to the course creator', () => {
    renderButton({ ...learner, _id: 'educator-1', role: 'educator' });
    expect(screen.getByRole('link', { name: 'Watch Now' })).toBeInTheDocument();
  });

  it('pays through the sandbox checkout: one order for a double click, verification, toast, Watch Now', async () => {
    let releaseOrder!: () => void;
    routes['/api/payment/create-order'] = {
      body: order,
      delay: new Promise<void>((r) => {
        releaseOrder = r;
      }),
    };
    routes['/api/payment/sandbox/pay'] = { body: { status: 'captured', ...signed } };
    routes['/api/payment/verify-payment'] = () => {
      enrolledOnServer = [summary];
      return { body: { message: 'Payment verified. You are now enrolled in this course.' } };
    };
    const user = userEvent.setup();
    renderButton();
    const enroll = screen.getByRole('button', { name: 'Enroll Now' });
    await user.dblClick(enroll);
    await user.click(enroll);
    expect(enroll).toBeDisabled();
    expect(enroll).toHaveAttribute('aria-busy', 'true');
    releaseOrder();

    const dialog = await screen.findByRole('dialog', { name: 'Checkout' }, slow);
    expect(count('/api/payment/create-order')).toBe(1);
    expect(calls.find((c) => c.path === '/api/payment/create-order')?.body).toEqual({ courseId: 'c1', userId: 'u1' });
    expect(dialog).toHaveTextContent('TEST MODE');
    expect(dialog).toHaveTextContent('Full-Stack Web Development');
    expect(dialog).toHaveTextContent('₹ 1,299');
    expect(screen.getByLabelText('Card number')).toHaveValue('4111 1111 1111 1111');

    await user.click(screen.getByRole('button', { name: 'Pay ₹ 1,299' }));
    const watch = await screen.findByRole('link', { name: 'Watch Now' });
    // The checkout is closed and the focus is on Watch Now, not lost on the page.
    expect(screen.queryByRole('dialog', { name: 'Checkout' })).toBeNull();
    await waitFor(() => expect(watch).toHaveFocus());
    expect(toast.success).toHaveBeenCalledWith('Payment verified. You are now enrolled in this course.');
    expect(calls.find((c) => c.path === '/api/payment/sandbox/pay')?.body).toEqual({
      orderId: order.id,
      outcome: 'success',
    });
    expect(calls.find((c) => c.path === '/api/payment/verify-payment')?.body).toEqual({
      ...signed,
      courseId: 'c1',
      userId: 'u1',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows Watch Now only once the course is fetched again, with its paid lecture playable', async () => {
    // The course as the viewer reads it: its paid lecture's video only for the enrolled (the server decides).
    let releaseCourse: (() => void) | undefined;
    routes['/api/course/getcourse/c1'] = () => ({
      body: { ...course, lectures: [{ _id: 'l1', videoUrl: enrolledOnServer.length ? '/media/lectures/l1' : null }] },
      delay: enrolledOnServer.length ? new Promise<void>((r) => (releaseCourse = r)) : undefined,
    });
    routes['/api/payment/create-order'] = { body: order };
    routes['/api/payment/sandbox/pay'] = { body: { status: 'captured', ...signed } };
    routes['/api/payment/verify-payment'] = () => {
      enrolledOnServer = [summary];
      return { body: { message: 'Payment verified. You are now enrolled in this course.' } };
    };
    function CourseVideo() {
      const { data } = useQuery({
        queryKey: queryKeys.course('c1'),
        queryFn: async () => (await fetch('/api/course/getcourse/c1', {})).json() as Promise<Course>,
      });
      return <p>video: {data ? (data.lectures[0]?.videoUrl ?? 'locked') : 'loading'}</p>;
    }
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <CourseVideo />
        <EnrollButton course={course} />
      </>,
      { user: learner },
    );
    expect(await screen.findByText('video: locked')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await user.click(await screen.findByRole('button', { name: 'Pay ₹ 1,299' }, slow));
    await waitFor(() => expect(releaseCourse).toBeDefined());
    // Enrolled on the server, the course not fetched again yet: Watch Now would open the viewer on the locked
    // lecture, and swap its video under a learner who pressed play.
    expect(screen.queryByRole('link', { name: 'Watch Now' })).toBeNull();
    releaseCourse?.();
    expect(await screen.findByRole('link', { name: 'Watch Now' })).toBeInTheDocument();
    expect(screen.getByText('video: /media/lectures/l1')).toBeInTheDocument();
  });

  it('cancel closes the checkout and changes nothing', async () => {
    routes['/api/payment/create-order'] = { body: order };
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await screen.findByRole('dialog', { name: 'Checkout' }, slow);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Enroll Now' })).toBeEnabled();
    expect(count('/api/payment/sandbox/pay')).toBe(0);
    expect(count('/api/payment/verify-payment')).toBe(0);
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a simulated failure shows the server message and leaves Enroll Now', async () => {
    routes['/api/payment/create-order'] = { body: order };
    routes['/api/payment/sandbox/pay'] = { body: { status: 'failed', message: 'Test payment failed (simulated).' } };
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await user.click(await screen.findByRole('button', { name: 'Simulate a failed payment' }, slow));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Test payment failed (simulated).'));
    expect(screen.getByRole('button', { name: 'Enroll Now' })).toBeEnabled();
    expect(count('/api/payment/verify-payment')).toBe(0);
  });

  it('checks the card form before paying', async () => {
    routes['/api/payment/create-order'] = { body: order };
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    const number = await screen.findByLabelText('Card number', {}, slow);
    await user.clear(number);
    await user.type(number, '4111 1111 1111 1112');
    await user.click(screen.getByRole('button', { name: 'Pay ₹ 1,299' }));
    expect(await screen.findByText('Enter a valid card number')).toBeInTheDocument();
    expect(count('/api/payment/sandbox/pay')).toBe(0);
  });

  it("shows 'Something went wrong while enrolling.' when the order cannot be created", async () => {
    routes['/api/payment/create-order'] = { status: 502, body: { message: 'The payment provider refused' } };
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Something went wrong while enrolling.'));
    expect(screen.getByRole('button', { name: 'Enroll Now' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'Payment verification failed.' when verification is refused", async () => {
    routes['/api/payment/create-order'] = { body: order };
    routes['/api/payment/sandbox/pay'] = { body: { status: 'captured', ...signed } };
    routes['/api/payment/verify-payment'] = { status: 400, body: { message: 'signature is not valid' } };
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await user.click(await screen.findByRole('button', { name: 'Pay ₹ 1,299' }, slow));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Payment verification failed.'));
    expect(await screen.findByRole('button', { name: 'Enroll Now' })).toBeEnabled();
  });

  it('enrols in a free course at once', async () => {
    routes['/api/payment/create-order'] = () => {
      enrolledOnServer = [summary];
      return {
        body: {
          enrolled: true,
          message: 'You are now enrolled in this free course.',
          id: null,
          amount: 0,
          currency: 'INR',
        },
      };
    };
    const user = userEvent.setup();
    // The refetched user never arrives: Watch Now comes from the button's own update of the user.
    currentUserGate = new Promise(() => {});
    const client = renderButton(learner, { ...course, price: 0 });
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    expect(await screen.findByRole('link', { name: 'Watch Now' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('You are now enrolled in this free course.');
    // … which lists the course as the server does: a summary, not an id.
    expect(client.getQueryData<User>(queryKeys.currentUser)?.enrolledCourses).toEqual([summary]);
  });

  it("opens Razorpay's checkout with the order, and verifies its answer", async () => {
    const expiresAt = new Date(Date.now() + 30 * 60_000).toISOString();
    routes['/api/payment/create-order'] = { body: { ...order, provider: 'razorpay', expiresAt } };
    routes['/api/payment/verify-payment'] = () => {
      enrolledOnServer = [summary];
      return { body: { message: 'Payment verified.' } };
    };
    const opened: Record<string, unknown>[] = [];
    window.Razorpay = class {
      constructor(private options: Record<string, unknown> & { handler: (r: unknown) => void }) {
        opened.push(options);
      }
      open() {
        setTimeout(() => this.options.handler(signed), 0);
      }
      on() {}
    } as unknown as typeof window.Razorpay;
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    expect(await screen.findByRole('link', { name: 'Watch Now' })).toBeInTheDocument();
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      key: 'rzp_test_x',
      amount: 129900,
      currency: 'INR',
      name: 'Kaksha',
      description: 'Course Enrollment Payment',
      order_id: order.id,
      prefill: { name: 'Meera Iyer', email: 'meera@example.com' },
    });
    // The checkout closes itself when the order expires (30 minutes, less the test's own run).
    expect(opened[0].timeout).toBeGreaterThan(29 * 60);
    expect(opened[0].timeout).toBeLessThanOrEqual(30 * 60);
    expect(calls.find((c) => c.path === '/api/payment/verify-payment')?.body).toEqual({
      ...signed,
      courseId: 'c1',
      userId: 'u1',
    });
    expect(toast.success).toHaveBeenCalledWith('Payment verified.');
  });

  it('a dismissed Razorpay checkout changes nothing', async () => {
    routes['/api/payment/create-order'] = { body: { ...order, provider: 'razorpay' } };
    window.Razorpay = class {
      constructor(private options: { modal: { ondismiss: () => void } }) {}
      open() {
        setTimeout(() => this.options.modal.ondismiss(), 0);
      }
      on() {}
    } as unknown as typeof window.Razorpay;
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enroll Now' })).toBeEnabled());
    expect(count('/api/payment/verify-payment')).toBe(0);
    expect(toast.error).not.toHaveBeenCalled();
  });
});
