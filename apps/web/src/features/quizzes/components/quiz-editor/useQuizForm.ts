import type { Quiz } from '@kaksha/contracts';
import { type FormEvent, useState } from 'react';
import { translate } from '@/i18n';
import { errorMessage, serverMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSaveQuiz } from '../../api/quizzes';
import { blankQuestion, type Draft, type DraftQuestion, draftOf, toRequest } from './draft';

/**
 * The quiz form's draft (a new quiz, or `quiz` to change), its edits, and saving it: checked here
 * first (the first problem shown and toasted), then created or updated with the server's message.
 */
export function useQuizForm(courseId: string, quiz: Quiz | undefined, onDone: () => void) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(quiz));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveQuiz(courseId);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setQuestion = (key: number, patch: Partial<DraftQuestion>) =>
    setDraft((d) => ({ ...d, questions: d.questions.map((q) => (q.key === key ? { ...q, ...patch } : q)) }));
  const addQuestion = () => set({ questions: [...draft.questions, blankQuestion()] });
  const removeQuestion = (key: number) => set({ questions: draft.questions.filter((x) => x.key !== key) });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = toRequest(draft);
    if ('problem' in checked) {
      setProblem(checked.problem);
      toast.error(checked.problem);
      return;
    }
    setProblem(null);
    save.mutate(
      { quizId: quiz?._id, quiz: checked.quiz },
      {
        onSuccess: (res) => {
          toast.success(
            res.message
              ? serverMessage(res.message)
              : translate(quiz ? 'quizMessages.updated' : 'quizMessages.created'),
          );
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return { draft, set, setQuestion, addQuestion, removeQuestion, problem, onSubmit, saving: save.isPending };
}
