import type { MessageResponse } from '@kaksha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { translate } from '@/i18n';
import { api } from '@/lib/api';
import { toast } from '@/lib/toast';
import { signedOut } from './session';

export const logout = () => api.get<MessageResponse>('/api/auth/logout');

export const useLogout = () => useMutation({ mutationFn: logout });

/**
 * LogOut (spec §2, §7): on success home, the user and their data forgotten, 'LogOut Successfully';
 * a failure is only logged (spec §8). `onDone` runs first (e.g. a menu closing).
 */
export function useSignOut() {
  const mutation = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = (onDone?: () => void) =>
    mutation.mutate(undefined, {
      onSuccess: async () => {
        onDone?.();
        // Home first, committed at once (not in a transition), then forget the user: a guarded
        // page still on screen would otherwise see the user gone and redirect to /signup.
        await navigate('/', { flushSync: true });
        signedOut(queryClient);
        toast.success(translate('messages.logoutSuccess'));
      },
      onError: (error) => console.warn('logout failed', error),
    });
  return { signOut, isPending: mutation.isPending };
}
