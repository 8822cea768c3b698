import type { PublicConfig } from '@kaksha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './query-keys';

/**
 * The server's public settings (`GET /api/config`): Google client id, payment key id, currency,
 * the refund policy. Several features read them (sign-in, the checkout, purchases), so they live here.
 */
export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: () => api.get<PublicConfig>('/api/config'),
  staleTime: Number.POSITIVE_INFINITY,
});

export const usePublicConfig = () => useQuery(publicConfigQuery);
