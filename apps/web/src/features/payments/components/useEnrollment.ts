import type { Course, PaymentOrder, RazorpayPayment, User } from '@kaksha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { translate } from '@/i18n';
import { ApiError, errorMessage, serverMessage } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { createOrder } from '../api/create-order';
import { verifyPayment } from '../api/verify-payment';

export interface EnrollmentOptions {
  /** The coupon the checkout applied: the order charges the quote's amount with it. */
  couponCode?: string;
  /** Runs first (the checkout saves changed billing details); false stops the enrolment. */
  beforeOrder?: () => Promise<boolean>;
  /** create-order refused the coupon (400): its message, for the coupon field. */
  onCouponRefused?: (message: string) => void;
  /** A paid order's checkout opened (the educator's analytics). */
  onCheckoutOpen?: () => void;
}

/**
 * Enrolling (spec §4): create-order, then the provider's checkout (Razorpay's checkout.js, or the
 * built-in TEST MODE checkout the caller shows for `sandboxOrder`), its signed answer to
 * verify-payment; a free course (or a 100 % coupon) enrols at once.
 */
export function useEnrollment(course: Course, user: User | null, options: EnrollmentOptions) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // A ref, not state: a second click in the same tick must not start a second order.
  const running = useRef(false);
  const [sandboxOrder, setSandboxOrder] = useState<PaymentOrder | null>(null);
  // Set when this enrolment succeeded: focus moves to Watch Now once it replaces Enroll Now.
  const focusWatch = useRef(false);

  const release = () => {
    running.current = false;
    setBusy(false);
  };

  /**
   * The server says the learner is enrolled: the course is fetched again first (now with its paid
   * lectures' videos), then Watch Now shows at once and the rest is refetched. In the other order a
   * learner who pressed Watch Now and play at once had the viewer swap the preview's video for the
   * enrolled one under them, and the play was lost.
   */
  const markEnrolled = async () => {
    focusWatch.current = true;
    await queryClient.refetchQueries({ queryKey: queryKeys.course(course._id) });
    const { _id, title, thumbnail, category, level } = course;
    queryClient.setQueryData<User | null>(queryKeys.currentUser, (current) =>
      current && !current.enrolledCourses.some((c) => c._id === _id)
        ? { ...current, enrolledCourses: [...current.enrolledCourses, { _id, title, thumbnail, category, level }] }
        : current,
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
      queryClient.invalidateQueries({ queryKey: queryKeys.enrolledCourses }),
      queryClient.invalidateQueries({ queryKey: ['progress'] }),
      queryClient.invalidateQueries({ queryKey: queryKeys.purchases }),
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
      toast.error(translate('messages.paymentVerifyError'));
      return;
    }
    toast.success(serverMessage(message));
    beforeEnrolled?.();
    await markEnrolled();
  };

  const order = async (learner: User) => {
    const { couponCode, onCouponRefused } = options;
    try {
      return await createOrder({ courseId: course._id, userId: learner._id, ...(couponCode && { couponCode }) });
    } catch (error) {
      // The coupon ran out (or was deactivated) since the quote: say so, as the quote would.
      if (couponCode && error instanceof ApiError && error.status === 400) {
        toast.error(errorMessage(error));
        onCouponRefused?.(errorMessage(error));
        return null;
      }
      toast.error(translate('messages.enrollError'));
      // Enrolled meanwhile (another tab): refresh so the button tells the truth.
      if (error instanceof ApiError && error.status === 409) await markEnrolled();
      return null;
    }
  };

  const enroll = async () => {
    if (!user || running.current) return;
    running.current = true;
    setBusy(true);
    let checkoutOpen = false;
    try {
      if (options.beforeOrder && !(await options.beforeOrder())) return;
      const answer = await order(user);
      if (!answer) return;
      if ('enrolled' in answer) {
        toast.success(serverMessage(answer.message));
        await markEnrolled();
        return;
      }
      options.onCheckoutOpen?.();
      if (answer.provider === 'razorpay') {
        let payment: RazorpayPayment | null;
        try {
          const { openRazorpayCheckout } = await import('../lib/razorpay');
          payment = await openRazorpayCheckout(answer, { name: user.name, email: user.email });
        } catch {
          toast.error(translate('messages.enrollError'));
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

  return { busy, enroll, sandboxOrder, closeSandbox, completePayment, focusWatch };
}
