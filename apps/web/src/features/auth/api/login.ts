import type { LoginRequest, TwoFactorChallenge, User } from '@kaksha/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The user, or — for an account with two-factor sign-in — `{twoFactorRequired: true}` and no session yet. */
export const login = (body: LoginRequest) => api.post<User | TwoFactorChallenge>('/api/auth/login', body);

export const useLogin = () => useMutation({ mutationFn: login });
