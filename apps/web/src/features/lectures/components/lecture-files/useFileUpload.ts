import type { UseMutationResult } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';

/**
 * The add-a-file form of a lecture's files (resources, captions): the chosen file, the checks told
 * before anything is sent (`missing` without a file, `check`'s message for a file refused here), the
 * server's per-field messages, and, once added, the form emptied for the next file.
 */
export function useFileUpload<Vars, Answer>(
  add: UseMutationResult<Answer, Error, Vars>,
  { missing, check }: { missing: string; check: (file: File) => string | undefined },
) {
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const fields = add.error instanceof ApiError ? add.error.fields : undefined;

  /** Sends `toVars(file)`; on success `added` (which empties the form's other fields) and the file input emptied. */
  const send = (e: FormEvent, toVars: (file: File) => Vars, added: (answer: Answer) => void) => {
    e.preventDefault();
    const problem = file ? check(file) : missing;
    if (problem || !file) {
      toast.error(problem ?? missing);
      return;
    }
    add.mutate(toVars(file), {
      onSuccess: (answer) => {
        added(answer);
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  /** For the form's <FileInput>. */
  const fileInput = {
    ref: input,
    'aria-required': true,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null),
    disabled: add.isPending,
  };
  return { send, fields, fileInput, busy: add.isPending };
}
