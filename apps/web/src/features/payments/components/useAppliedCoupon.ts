import { COUPON_CODE_PATTERN, normaliseCouponCode } from '@kaksha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { translate } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { quoteQuery } from '../api/quote';

/**
 * The coupon on a course's checkout: applying one asks the server for a quote with it, so a code
 * that cannot be used is refused with the server's reason (invalid, expired, fully redeemed,
 * another educator's, already used) before anything is paid. `initialCode` (a share link's
 * `?coupon=`) is applied once, when `ready`.
 */
export function useAppliedCoupon(courseId: string, initialCode: string | null, ready: boolean) {
  const client = useQueryClient();
  const [applied, setApplied] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);

  const apply = useCallback(
    async (typed: string) => {
      const code = normaliseCouponCode(typed);
      if (!code) {
        setError(translate('coupon.enterCode'));
        return false;
      }
      if (!COUPON_CODE_PATTERN.test(code)) {
        setError(translate('couponProblems.invalid'));
        return false;
      }
      setChecking(true);
      try {
        await client.fetchQuery(quoteQuery(courseId, code));
        setApplied(code);
        setError(undefined);
        return true;
      } catch (failure) {
        setError(errorMessage(failure, translate('coupon.checkFailed')));
        return false;
      } finally {
        setChecking(false);
      }
    },
    [client, courseId],
  );

  const remove = useCallback(() => {
    setApplied(undefined);
    setError(undefined);
  }, []);

  /** The server refused the applied code later (a new quote, create-order): back to the price without it. */
  const refused = useCallback((message: string) => {
    setApplied(undefined);
    setError(message);
  }, []);

  const sharedApplied = useRef(false);
  useEffect(() => {
    if (!ready || !initialCode || sharedApplied.current) return;
    sharedApplied.current = true;
    void apply(initialCode);
  }, [ready, initialCode, apply]);

  return { applied, error, checking, apply, remove, refused };
}
