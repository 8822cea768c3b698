import type { MessageResponse, VerifyPaymentRequest } from '@kaksha/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/payment/verify-payment: the checkout's signed answer plus courseId and userId. */
export const verifyPayment = (body: VerifyPaymentRequest) =>
  api.post<MessageResponse>('/api/payment/verify-payment', body);

export const useVerifyPayment = () => useMutation({ mutationFn: verifyPayment });
