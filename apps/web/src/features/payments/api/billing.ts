import type { BillingDetailsRequest, BillingDetailsResponse } from '@kaksha/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/user/billing: the learner's billing details, or null until they are first saved. */
export const billingQuery = queryOptions({
  queryKey: queryKeys.billing,
  queryFn: async () => (await api.get<BillingDetailsResponse>('/api/user/billing')).billing,
  staleTime: 5 * 60_000,
});

export const useBilling = (enabled: boolean) => useQuery({ ...billingQuery, enabled });

/** PUT /api/user/billing. The state (or the GSTIN's) moves the place of supply: every quote is redone. */
export function useSaveBilling() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingDetailsRequest) => api.put<BillingDetailsResponse>('/api/user/billing', body),
    onSuccess: async ({ billing }) => {
      client.setQueryData(queryKeys.billing, billing);
      await client.invalidateQueries({ queryKey: queryKeys.quotes });
    },
  });
}
