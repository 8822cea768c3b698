import { type Course, MESSAGES, type PaymentOrder, type RazorpayPayment, type User } from '@kaksha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/Button';
import { ApiError } from '@/lib/api';
import { useCurrentUser } from '@/lib/current-user';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { createOrder } from '../api/create-order';
import { verifyPayment } from '../api/verify-payment';

// The test checkout is its own chunk: the course page only downloads it when a checkout opens.
const SandboxCheckout = lazy(() => import('./SandboxCheckout'));

/**
 * Enroll Now (spec §2 /viewcourse, §4 Enrolment), or Watch Now for an enrolled learner or the
 * course's creator. Enrolling opens the provider's checkout (Razorpay's checkout.js, or the
 * built-in TEST MODE checkout with the sandbox); its signed answer goes to verify-payment.
 */
export function EnrollButton({ course }: { course: Course }) {
  const { user, isLoading } = useCurrentUser();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // A ref, not state: a second click in the same tick must not start a second order.
  const running = useRef(false);
  const [sandboxOrder, setSandboxOrder] = useState<PaymentOrder | null>(null);
  const watchRef = useRef<HTMLAnchorElement>(null);
  // Set when this button enrolled the learner: focus moves to Watch Now once it replaces Enroll Now.
  const focusWatch = useRef(false);

  const enrolled = !!user && (user.enrolledCourses.some((c) => c._id === course._id) || user._id === course.creator);

  useEffect(() => {
    if (enrolled && focusWatch.current) {
      focusWatch.current = false;
      watchRef.current?.focus();
    }
  }, [enrolled]);

  const release = () => {
    running.current = false;
    setBusy(false);
  };

  /** The server says the learner is enrolled: show Watch Now at once, then refetch the truth. */
  const markEnrolled = async () => {
    focusWatch.current = true;
    const { _id, title, thumbnail, category, level } = course;
    queryClient.setQueryData<User | null>(queryKeys.currentUser, (current) =>
      current && !current.enrolledCourses.some((c) => c._id === _id)
        ? { ...current, enrolledCourses: [...current.enrolledCourses, { _id, title, thumbnail, category, level }] }
        : current,
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
      queryClient.invalidateQueries({ queryKey: queryKeys.course(course._id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.enrolledCourses }),
      queryClient.invalidateQueries({ queryKey: ['progress'] }),
    ]);
  };

  /**
   * The same success path for every provider: verify, show the server's message, close the
   * checkout (`beforeEnrolled`), then Watch Now replaces the button and takes the focus.
   */
  const completePayment = async (payment: RazorpayPayment, learner: User, beforeEnrolled?: () => void) => {
    let message: string;
    try {
      ({ message } = await verifyPayment({ ...payment, courseId: course._id, userId: learner._id }));
    } catch {
      toast.error(MESSAGES.paymentVerifyError);
      return;
    }
    toast.success(message);
    beforeEnrolled?.();
    await markEnrolled();
  };

  const enroll = async () => {
    if (!user || running.current) return;
    running.current = true;
    setBusy(true);
    let checkoutOpen = false;
    try {
      let answer: Awaited<ReturnType<typeof createOrder>>;
      try {
        answer = await createOrder({ courseId: course._id, userId: user._id });
      } catch (error) {
        toast.error(MESSAGES.enrollError);
        // Enrolled meanwhile (another tab): refresh so the button tells the truth.
        if (error instanceof ApiError && error.status === 409) await markEnrolled();
        return;
      }
      if ('enrolled' in answer) {
        toast.success(answer.message);
        await markEnrolled();
        return;
      }
      if (answer.provider === 'razorpay') {
        let payment: RazorpayPayment | null;
        try {
          const { openRazorpayCheckout } = await import('../lib/razorpay');
          payment = await openRazorpayCheckout(answer, { name: user.name, email: user.email });
        } catch {
          toast.error(MESSAGES.enrollError);
          return;
        }
        if (payment) await completePayment(payment, user);
        return;
      }
      checkoutOpen = true;
      setSandboxOrder(answer);
    } finally {
      if (!checkoutOpen) release();
    }
  };

  const closeSandbox = () => {
    setSandboxOrder(null);
    release();
  };

  return (
    <>
      {enrolled ? (
        <ButtonLink ref={watchRef} to={`/viewlecture/${course._id}`} size="lg">
          Watch Now
        </ButtonLink>
      ) : (
        <Button size="lg" busy={busy} disabled={isLoading || !user} onClick={enroll}>
          Enroll Now
        </Button>
      )}
      {sandboxOrder && user && (
        <Suspense fallback={null}>
          <SandboxCheckout
            order={sandboxOrder}
            course={course}
            onPaid={async (payment) => {
              await completePayment(payment, user, closeSandbox);
              closeSandbox();
            }}
            onClose={closeSandbox}
          />
        </Suspense>
      )}
    </>
  );
}
