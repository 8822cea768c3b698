import { QA_ANSWER_MAX } from '@kaksha/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { TextArea } from '@/components/ui/Field';
import { useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useAnswer } from '../api/changes';

/** The answer box under a question (not shown once it is locked). */
export function AnswerForm({ questionId }: { questionId: string }) {
  const t = useT();
  const answer = useAnswer();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return setError(t('qa.answerRequired'));
    setError(undefined);
    answer.mutate(
      { questionId, body },
      {
        onSuccess: () => {
          setBody('');
          toast.success(t('qa.answeredToast'));
        },
        onError: (err) => {
          setError(err instanceof ApiError && err.fields?.body ? err.fields.body : errorMessage(err));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <TextArea
        label={t('qa.answerLabel')}
        value={body}
        rows={4}
        maxLength={QA_ANSWER_MAX}
        error={error}
        onChange={(e) => setBody(e.target.value)}
      />
      <p className="-mt-1 text-xs text-muted">{t('qa.bodyHint')}</p>
      <Button type="submit" busy={answer.isPending} className="self-end">
        {t('qa.postAnswer')}
      </Button>
    </form>
  );
}
