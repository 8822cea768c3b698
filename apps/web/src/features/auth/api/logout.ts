import type { MessageResponse } from '@kaksha/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const logout = () => api.get<MessageResponse>('/api/auth/logout');

export const useLogout = () => useMutation({ mutationFn: logout });
