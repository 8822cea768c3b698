import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';

/**
 * What every auth form does with its call: a refusal is the server's message as a toast (spec §8)
 * and its per-field messages (`fields`) for the inputs; busy while it runs (the button disabled).
 */
export function useServerForm<Body, Result>(mutation: UseMutationResult<Result, Error, Body>) {
  const run = (body: Body, onSuccess: (result: Result) => void) =>
    mutation.mutate(body, { onSuccess, onError: (error) => toast.error(errorMessage(error)) });
  const errors = mutation.error instanceof ApiError ? mutation.error.fields : undefined;
  return { run, errors, busy: mutation.isPending };
}
