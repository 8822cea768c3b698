import type { MessageResponse } from '@kaksha/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const verifyOtp = (body: { email: string; otp: string }) =>
  api.post<MessageResponse>('/api/auth/verifyotp', body);

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
