import type {
  AdjustmentRequest,
  AdjustmentResponse,
  GstReport,
  PayoutDue,
  PayoutRun,
  Reconciliation,
  RefundRetryResponse,
} from '@kaksha/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_URL, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The query string of a list's filters, the empty ones left out. */
const query = (params: Record<string, string | undefined>) =>
  Object.entries(params)
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${encodeURIComponent(value as string)}`)
    .join('&');

/** One of the console's keyset-paged lists (`{<items>, nextCursor}`), newest first. */
export function usePagedList<Page extends { nextCursor: string | null }>(
  list: string,
  path: string,
  filters: Record<string, string | undefined> = {},
) {
  return useInfiniteQuery({
    queryKey: queryKeys.adminList(list, filters),
    queryFn: ({ pageParam }) => api.get<Page>(`${path}?${query({ ...filters, limit: '25', cursor: pageParam })}`),
    initialPageParam: '',
    getNextPageParam: (last: Page) => last.nextCursor ?? undefined,
  });
}

export const usePayoutsDue = () =>
  useQuery({ queryKey: queryKeys.adminList('due', {}), queryFn: () => api.get<PayoutDue>('/api/admin/payouts/due') });

/** An action of the console: every list is read again after it (the audit log too). */
function useAction<Input, Output>(send: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admin }) });
}

export const useRunPayouts = () => useAction(() => api.post<PayoutRun>('/api/admin/payouts/run'));
export const useMarkPaid = () =>
  useAction(({ id, reference }: { id: string; reference: string }) =>
    api.post(`/api/admin/payouts/${encodeURIComponent(id)}/mark-paid`, { reference }),
  );
export const useRetryRefund = () =>
  useAction((id: string) => api.post<RefundRetryResponse>(`/api/admin/refunds/${encodeURIComponent(id)}/retry`));
export const useDeactivateCoupon = () =>
  useAction((id: string) => api.post(`/api/admin/coupons/${encodeURIComponent(id)}/deactivate`));
export const useAdjustment = () =>
  useAction((body: AdjustmentRequest) => api.post<AdjustmentResponse>('/api/admin/ledger/adjustments', body));

/** The month's GSTR-1 tables, asked for when the operator opens them. */
export const useGstReport = (month: string) =>
  useQuery({
    queryKey: queryKeys.adminList('gst', { month }),
    queryFn: () => api.get<GstReport>(`/api/admin/gst/report?month=${encodeURIComponent(month)}`),
  });
export const gstCsvUrl = (month: string, table: string) =>
  `${API_URL}/api/admin/gst/report?${query({ month, format: 'csv', table })}`;

export const useReconcile = () => useMutation({ mutationFn: () => api.get<Reconciliation>('/api/admin/reconcile') });
