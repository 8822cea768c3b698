import type { SandboxPayRequest, SandboxPayResponse } from '@kaksha/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/payment/sandbox/pay: the built-in test checkout's "bank" (sandbox provider only). */
export const sandboxPay = (body: SandboxPayRequest) => api.post<SandboxPayResponse>('/api/payment/sandbox/pay', body);

export const useSandboxPay = () => useMutation({ mutationFn: sandboxPay });
