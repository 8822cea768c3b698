import type { MessageResponse } from '@kaksha/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const sendOtp = (body: { email: string }) => api.post<MessageResponse>('/api/auth/sendotp', body);

export const useSendOtp = () => useMutation({ mutationFn: sendOtp });
