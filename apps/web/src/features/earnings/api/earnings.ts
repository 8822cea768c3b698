import type { EarningsSummary, LedgerPage, PayoutAccountAnswer, PayoutAccountRequest } from '@kaksha/contracts';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_URL, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/earnings/summary: the four balances, the next release and 12 months for the chart. */
export const earningsSummaryQuery = queryOptions({
  queryKey: queryKeys.earningsSummary,
  queryFn: () => api.get<EarningsSummary>('/api/earnings/summary'),
});
export const useEarningsSummary = () => useQuery(earningsSummaryQuery);

export const LEDGER_PAGE = 20;

/** GET /api/earnings/ledger: newest first, a page at a time (the server's keyset cursor). */
export const useLedger = () =>
  useInfiniteQuery({
    queryKey: queryKeys.earningsLedger,
    queryFn: ({ pageParam }) =>
      api.get<LedgerPage>(`/api/earnings/ledger?limit=${LEDGER_PAGE}${pageParam ? `&cursor=${pageParam}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** A month's statement (CSV); the session cookie says whose. */
export const statementUrl = (month: string) => `${API_URL}/api/earnings/statement?month=${encodeURIComponent(month)}`;

export const payoutAccountQuery = queryOptions({
  queryKey: queryKeys.payoutAccount,
  queryFn: () => api.get<PayoutAccountAnswer>('/api/earnings/payout-account'),
});
export const usePayoutAccount = () => useQuery(payoutAccountQuery);

/** PUT /api/earnings/payout-account: the answer shows only the last four characters. */
export function useSavePayoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutAccountRequest) => api.put<PayoutAccountAnswer>('/api/earnings/payout-account', body),
    onSuccess: (answer) => client.setQueryData(queryKeys.payoutAccount, answer),
  });
}
