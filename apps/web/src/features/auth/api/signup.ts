import type { SignupRequest, User } from '@kaksha/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const signup = (body: SignupRequest) => api.post<User>('/api/auth/signup', body);

export const useSignup = () => useMutation({ mutationFn: signup });
