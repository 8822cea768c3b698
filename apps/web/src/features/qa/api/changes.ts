import type { Answer, AskQuestionRequest, Question, QuestionDetail, VoteResponse } from '@kaksha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const enc = encodeURIComponent;

/**
 * Every Q&A change refetches what shows Q&A (lists, markers, the question, the inbox) and the
 * dashboard's unanswered counts: a question's standing shows in all of them.
 */
function useQaChange<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.qa }),
        client.invalidateQueries({ queryKey: queryKeys.courseOutcomes }),
      ]),
  });
}

/** POST /api/qa/ask → the question. */
export const useAsk = () => useQaChange((body: AskQuestionRequest) => api.post<Question>('/api/qa/ask', body));

/** POST /api/qa/answer/{questionId} → the answer (409 when the question is locked). */
export const useAnswer = () =>
  useQaChange(({ questionId, body }: { questionId: string; body: string }) =>
    api.post<Answer>(`/api/qa/answer/${enc(questionId)}`, { body }),
  );

/** POST /api/qa/accept/{answerId}: marks (or unmarks) the accepted answer. */
export const useAccept = () =>
  useQaChange(({ answerId, accepted }: { answerId: string; accepted: boolean }) =>
    api.post<QuestionDetail>(`/api/qa/accept/${enc(answerId)}`, { accepted }),
  );

/** POST /api/qa/vote/{questionId}: sets the viewer's one vote. */
export const useVote = () =>
  useQaChange(({ questionId, voted }: { questionId: string; voted: boolean }) =>
    api.post<VoteResponse>(`/api/qa/vote/${enc(questionId)}`, { voted }),
  );

/** POST /api/qa/feature|lock/{questionId} (the educator). */
export const useFlag = () =>
  useQaChange(({ questionId, flag, on }: { questionId: string; flag: 'featured' | 'locked'; on: boolean }) =>
    api.post<Question>(`/api/qa/${flag === 'featured' ? 'feature' : 'lock'}/${enc(questionId)}`, { [flag]: on }),
  );

/** DELETE /api/qa/question/{id} or /api/qa/answer/{id} (its author or the educator). */
export const useRemove = () =>
  useQaChange(({ kind, id }: { kind: 'question' | 'answer'; id: string }) =>
    api.delete<{ message: string }>(`/api/qa/${kind}/${enc(id)}`),
  );

/** POST /api/qa/report/{id}: a question or an answer, once per user. */
export const useReport = () =>
  useQaChange(({ id, reason }: { id: string; reason: string }) =>
    api.post<{ message: string }>(`/api/qa/report/${enc(id)}`, { reason }),
  );
