import type { Role, User } from '@kaksha/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The Google ID token and the role: '' on the login page, the chosen role on sign-up (spec §6). */
export const googleSignup = (body: { credential: string; role: Role | '' }) =>
  api.post<User>('/api/auth/googlesignup', body);

export const useGoogleSignup = () => useMutation({ mutationFn: googleSignup });
