import type { MessageResponse } from '@kaksha/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const resetPassword = (body: { email: string; password: string }) =>
  api.post<MessageResponse>('/api/auth/resetpassword', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
