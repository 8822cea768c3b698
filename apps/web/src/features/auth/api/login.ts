import type { LoginRequest, User } from '@kaksha/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const login = (body: LoginRequest) => api.post<User>('/api/auth/login', body);

export const useLogin = () => useMutation({ mutationFn: login });
