import type { PaymentQuote } from '@kaksha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/payment/quote: what the course costs the signed-in learner, with the coupon if one is
 * given, and the GST in it. A read, though a POST: cached per course and code like any query. A
 * coupon that cannot be used is a 400 whose message says why.
 */
export const quoteQuery = (courseId: string, couponCode?: string) =>
  queryOptions({
    queryKey: queryKeys.quote(courseId, couponCode),
    queryFn: () => api.post<PaymentQuote>('/api/payment/quote', couponCode ? { courseId, couponCode } : { courseId }),
    staleTime: 60_000,
    // A refusal (a coupon that cannot be used, a course without a price) is the answer: shown at once, not asked again.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  });

export const useQuote = (courseId: string, couponCode: string | undefined, enabled: boolean) =>
  useQuery({ ...quoteQuery(courseId, couponCode), enabled });
