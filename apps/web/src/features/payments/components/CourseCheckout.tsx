import type { Course } from '@kaksha/contracts';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Skeleton } from '@/components/ui/Card';
import { useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { useCurrentUser } from '@/lib/current-user';
import { useQuote } from '../api/quote';
import { BillingDetailsForm } from './BillingDetailsForm';
import { CouponField } from './CouponField';
import { EnrollButton } from './EnrollButton';
import { PriceBreakdown } from './PriceBreakdown';
import { RefundPolicyNote } from './RefundPolicyNote';
import { useAppliedCoupon } from './useAppliedCoupon';
import { useBillingDraft } from './useBillingDraft';

/**
 * The course page's checkout (issue #28) around Enroll Now: for a learner who may buy the course,
 * the price details from the server's quote, Apply coupon (a share link's `?coupon=CODE` applies
 * it), the billing details and the refund policy. Enroll Now stays the spec's button and flow: it
 * saves changed billing details, then create-order with the coupon opens the checkout. Enrolled
 * learners, the creator and free courses see just the button. `aside` sits beside it (wishlist).
 */
export function CourseCheckout({
  course,
  aside,
  onCheckoutOpen,
}: {
  course: Course;
  aside?: ReactNode;
  /** The provider's checkout opened for a paid order (the educator's analytics). */
  onCheckoutOpen?: () => void;
}) {
  const t = useT();
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  const enrolled = !!user && (user.enrolledCourses.some((c) => c._id === course._id) || user._id === course.creator);
  const buying = !!user && !enrolled && course.isPublished && (course.price ?? 0) > 0;

  const coupon = useAppliedCoupon(course._id, params.get('coupon'), buying);
  const quote = useQuote(course._id, coupon.applied, buying);
  const billing = useBillingDraft(user, buying);

  // The applied coupon stopped being usable (a new quote after a billing change, or it expired).
  const { applied, refused } = coupon;
  useEffect(() => {
    if (applied && quote.error instanceof ApiError && quote.error.status === 400) refused(errorMessage(quote.error));
  }, [applied, quote.error, refused]);

  return (
    <div
      className={
        buying ? 'flex flex-col gap-4 rounded-card border border-line bg-white p-4 shadow-sm sm:p-5' : undefined
      }
    >
      {buying && (
        <section aria-labelledby="price-details" className="flex flex-col gap-4">
          <h2 id="price-details" className="text-base font-bold text-ink">
            {t('checkout.priceDetails')}
          </h2>
          {quote.data ? (
            <PriceBreakdown quote={quote.data} />
          ) : quote.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(quote.error, t('checkout.priceFailed'))}
            </p>
          ) : (
            <Skeleton className="h-28 w-full" />
          )}
          <CouponField
            applied={coupon.applied}
            error={coupon.error}
            checking={coupon.checking}
            initialText={params.get('coupon') ?? ''}
            onApply={coupon.apply}
            onRemove={coupon.remove}
          />
          <BillingDetailsForm billing={billing} />
        </section>
      )}
      <div className="flex items-center gap-3">
        <EnrollButton
          course={course}
          couponCode={buying ? coupon.applied : undefined}
          beforeOrder={buying ? billing.flush : undefined}
          onCouponRefused={coupon.refused}
          onCheckoutOpen={onCheckoutOpen}
        />
        {aside}
      </div>
      {buying && <RefundPolicyNote />}
    </div>
  );
}
