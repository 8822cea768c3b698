import type {
  TwoFactorDisableRequest,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@kaksha/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** This feature's query keys (no other feature reads them). */
export const securityKeys = {
  twoFactor: ['security', 'two-factor'] as const,
  sessions: ['security', 'sessions'] as const,
};

/** GET /api/auth/2fa: on or off, and how many recovery codes are left. */
export const twoFactorQuery = queryOptions({
  queryKey: securityKeys.twoFactor,
  queryFn: ({ signal }) => api.get<TwoFactorStatus>('/api/auth/2fa', signal),
});
export const useTwoFactorStatus = () => useQuery(twoFactorQuery);

/** POST /api/auth/2fa/setup: a new secret with its QR code (not in force until enabled). */
export const useSetupTwoFactor = () =>
  useMutation({ mutationFn: () => api.post<TwoFactorSetup>('/api/auth/2fa/setup') });

/** POST /api/auth/2fa/enable `{code}`: on, and the 10 recovery codes (shown this once). */
export function useEnableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<TwoFactorRecoveryCodes>('/api/auth/2fa/enable', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.twoFactor }),
  });
}

/** POST /api/auth/2fa/disable `{password, code}`. */
export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorDisableRequest) => api.post<TwoFactorStatus>('/api/auth/2fa/disable', body),
    onSuccess: (status) => client.setQueryData(securityKeys.twoFactor, status),
  });
}
