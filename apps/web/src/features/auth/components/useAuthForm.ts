import type { User } from '@kaksha/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useOnSignedIn } from '../api/session';
import { safeNextPath } from '../lib/next-path';

/**
 * What the login and sign-up forms share: send the form, then the spec's toast and on to
 * `next` (the page a guard sent the user from, if it is one of this site's) or home; on a refusal
 * the server's message as a toast (spec §8) and its per-field messages (`fields`) for the inputs.
 */
export function useAuthForm<Body>(mutation: UseMutationResult<User, Error, Body>, successMessage: string) {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const onSignedIn = useOnSignedIn();

  /** Also for Google sign-in, which signs in without the form. */
  const signedIn = (user: User) => {
    toast.success(successMessage);
    onSignedIn(user, next);
  };
  const submit = (body: Body) =>
    mutation.mutate(body, { onSuccess: signedIn, onError: (error) => toast.error(errorMessage(error)) });
  const errors = mutation.error instanceof ApiError ? mutation.error.fields : undefined;

  return { next, submit, signedIn, errors, busy: mutation.isPending };
}
