import type { TwoFactorVerifyRequest, User } from '@kaksha/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * POST /api/auth/2fa/verify `{code}` or `{recoveryCode}`: the second step of a sign-in whose first
 * step (password or Google) answered `{twoFactorRequired: true}`; the server keeps the pending
 * sign-in in a cookie of its own for 5 minutes.
 */
export const verifyTwoFactor = (body: TwoFactorVerifyRequest) => api.post<User>('/api/auth/2fa/verify', body);

export const useVerifyTwoFactor = () => useMutation({ mutationFn: verifyTwoFactor });
