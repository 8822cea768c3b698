import type { PurchaseList, RefundRequest, RefundResponse } from '@kaksha/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_URL, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/payment/purchases: the learner's paid orders, newest first, with the refund policy. */
export const purchasesQuery = queryOptions({
  queryKey: queryKeys.purchases,
  queryFn: () => api.get<PurchaseList>('/api/payment/purchases'),
});

export const usePurchases = () => useQuery(purchasesQuery);

/** An invoice's or credit note's A4 PDF (only its buyer may download it; the session cookie says who). */
export const documentPdfUrl = (id: string) => `${API_URL}/api/invoice/${encodeURIComponent(id)}/pdf`;

/**
 * POST /api/payment/refund. Access ends at once: the course leaves the learner's courses, its
 * page shows Enroll Now again, and the purchase shows the credit note.
 */
export function useRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequest) => api.post<RefundResponse>('/api/payment/refund', body),
    onSettled: (_answer, _error, { courseId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.purchases }),
        client.invalidateQueries({ queryKey: queryKeys.currentUser }),
        client.invalidateQueries({ queryKey: queryKeys.enrolledCourses }),
        client.invalidateQueries({ queryKey: queryKeys.course(courseId) }),
        client.invalidateQueries({ queryKey: ['progress'] }),
      ]),
  });
}
