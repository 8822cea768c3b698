import type { PublicConfig } from '@kaksha/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const fetchPublicConfig = () => api.get<PublicConfig>('/api/config');

/** The server's public settings (`GET /api/config`): Google client id, payment key id, currency. */
export function usePublicConfig() {
  return useQuery({ queryKey: queryKeys.config, queryFn: fetchPublicConfig, staleTime: Number.POSITIVE_INFINITY });
}
