import type { DeviceSession } from '@kaksha/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { securityKeys } from './two-factor';

/** GET /api/auth/sessions: the browsers signed in to this account, this one marked `current`. */
export const sessionsQuery = queryOptions({
  queryKey: securityKeys.sessions,
  queryFn: ({ signal }) => api.get<{ sessions: DeviceSession[] }>('/api/auth/sessions', signal),
  select: (data) => data.sessions,
});
export const useSessions = () => useQuery(sessionsQuery);

/** DELETE /api/auth/sessions/{id}: that browser is signed out at once. */
export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

/** POST /api/auth/sessions/revoke-others: every browser but this one is signed out. */
export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ revoked: number }>('/api/auth/sessions/revoke-others'),
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}
