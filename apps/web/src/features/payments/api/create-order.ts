import type { CreateOrderRequest, CreateOrderResponse } from '@kaksha/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/payment/create-order: a payable order, or `{enrolled: true}` for a free course. */
export const createOrder = (body: CreateOrderRequest) =>
  api.post<CreateOrderResponse>('/api/payment/create-order', body);

export const useCreateOrder = () => useMutation({ mutationFn: createOrder });
