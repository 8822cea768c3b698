import type { TwoFactorChallenge, User } from '@kaksha/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { useOnSignedIn } from '../api/session';
import { safeNextPath } from '../lib/next-path';
import { useServerForm } from './useServerForm';

/**
 * What the login and sign-up forms share: send the form, then the spec's toast and on to
 * `next` (the page a guard sent the user from, if it is one of this site's) or home; a refusal as
 * every auth form answers it (useServerForm). An account with two-factor sign-in answers with a
 * challenge instead of the user: `twoFactor` is then set, and the form shows the code step.
 */
export function useAuthForm<Body, Answer extends User | TwoFactorChallenge>(
  mutation: UseMutationResult<Answer, Error, Body>,
  successMessage: string,
) {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const onSignedIn = useOnSignedIn();
  const [challenged, setChallenged] = useState(false);

  const finish = (user: User) => {
    toast.success(successMessage);
    onSignedIn(user, next);
  };
  /** Also for Google sign-in, which signs in without the form. */
  const signedIn = (answer: User | TwoFactorChallenge) => {
    if ('twoFactorRequired' in answer) setChallenged(true);
    else finish(answer);
  };
  const { run, errors, busy } = useServerForm(mutation);
  const submit = (body: Body) => run(body, signedIn);
  const twoFactor = challenged ? { onVerified: finish, onCancel: () => setChallenged(false) } : null;

  return { next, submit, signedIn, errors, busy, twoFactor };
}
