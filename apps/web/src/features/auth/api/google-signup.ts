import type { Role, TwoFactorChallenge, User } from '@kaksha/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * The Google ID token and the role: '' on the login page, the chosen role on sign-up (spec §6). An
 * account with two-factor sign-in answers `{twoFactorRequired: true}`, as login does.
 */
export const googleSignup = (body: { credential: string; role: Role | '' }) =>
  api.post<User | TwoFactorChallenge>('/api/auth/googlesignup', body);

export const useGoogleSignup = () => useMutation({ mutationFn: googleSignup });
