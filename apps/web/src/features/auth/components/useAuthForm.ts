import type { User } from '@kaksha/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { useOnSignedIn } from '../api/session';
import { safeNextPath } from '../lib/next-path';
import { useServerForm } from './useServerForm';

/**
 * What the login and sign-up forms share: send the form, then the spec's toast and on to
 * `next` (the page a guard sent the user from, if it is one of this site's) or home; a refusal as
 * every auth form answers it (useServerForm).
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
  const { run, errors, busy } = useServerForm(mutation);
  const submit = (body: Body) => run(body, signedIn);

  return { next, submit, signedIn, errors, busy };
}
