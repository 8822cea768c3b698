import type { MessageResponse, User } from '@kaksha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { translate } from '@/i18n';
import { abortSignedInRequests, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { signedOut } from './session';

export const logout = () => api.get<MessageResponse>('/api/auth/logout');

export const useLogout = () => useMutation({ mutationFn: logout });

/**
 * LogOut (spec §2, §7): home, the user and their data forgotten, 'LogOut Successfully'; a failure
 * is only logged (spec §8), and the user is back. `onDone` runs first (e.g. a menu closing).
 *
 * The user is forgotten before the request goes out, and every request made for them still on its
 * way is dropped: nothing of theirs (the bell's stream, a page's data) can reach the server after the
 * session ended and come back 401.
 */
export function useSignOut() {
  const mutation = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = async (onDone?: () => void) => {
    onDone?.();
    // Home first, committed at once (not in a transition), then forget the user: a guarded
    // page still on screen would otherwise see the user gone and redirect to /signup.
    await navigate('/', { flushSync: true });
    const user = queryClient.getQueryData<User | null>(queryKeys.currentUser);
    abortSignedInRequests();
    signedOut(queryClient);
    mutation.mutate(undefined, {
      onSuccess: () => toast.success(translate('messages.logoutSuccess')),
      onError: (error) => {
        if (user) queryClient.setQueryData(queryKeys.currentUser, user);
        console.warn('logout failed', error);
      },
    });
  };
  return { signOut, isPending: mutation.isPending };
}
