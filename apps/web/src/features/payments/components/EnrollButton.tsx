import type { Course } from '@kaksha/contracts';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Button, ButtonLink } from '@/components/ui/Button';
import { useT } from '@/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { type EnrollmentOptions, useEnrollment } from './useEnrollment';

// The test checkout is its own chunk: the course page only downloads it when a checkout opens.
const SandboxCheckout = lazy(() => import('./SandboxCheckout'));

/**
 * Enroll Now (spec §2 /viewcourse, §4 Enrolment), or Watch Now for an enrolled learner or the
 * course's creator. Enrolling opens the provider's checkout (Razorpay's checkout.js, or the
 * built-in TEST MODE checkout with the sandbox); its signed answer goes to verify-payment.
 */
export function EnrollButton({ course, ...options }: { course: Course } & EnrollmentOptions) {
  const t = useT();
  const { user, isLoading } = useCurrentUser();
  const { busy, enroll, sandboxOrder, closeSandbox, completePayment, focusWatch } = useEnrollment(
    course,
    user,
    options,
  );
  const watchRef = useRef<HTMLAnchorElement>(null);

  const enrolled = !!user && (user.enrolledCourses.some((c) => c._id === course._id) || user._id === course.creator);

  useEffect(() => {
    if (enrolled && focusWatch.current) {
      focusWatch.current = false;
      watchRef.current?.focus();
    }
  }, [enrolled, focusWatch]);

  return (
    <>
      {enrolled ? (
        <ButtonLink ref={watchRef} to={`/viewlecture/${course._id}`} size="lg">
          {t('enroll.watchNow')}
        </ButtonLink>
      ) : (
        <Button size="lg" busy={busy} disabled={isLoading || !user} onClick={enroll}>
          {t('enroll.enrollNow')}
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
