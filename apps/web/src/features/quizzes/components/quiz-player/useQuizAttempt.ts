import type { Quiz, QuizResult } from '@kaksha/contracts';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSubmitQuiz } from '../../api/quizzes';

export type Stage = { step: 'intro' } | { step: 'answering'; index: number } | { step: 'results'; result: QuizResult };

/**
 * One go at a quiz: the step shown (introduction, a question, the results), the quiz as this
 * attempt shows it (`taken`: the options in the order the server shuffled them when the attempt
 * started, kept while the list is read again after the submit), the answers chosen so far (option
 * ids per question), and sending them to be graded. `headingRef` goes on each step's heading,
 * which gets the focus when the step changes.
 */
export function useQuizAttempt(quiz: Quiz) {
  const [stage, setStage] = useState<Stage>({ step: 'intro' });
  const [taken, setTaken] = useState(quiz);
  const [answers, setAnswers] = useState<string[][]>(() => quiz.questions.map(() => []));
  const submit = useSubmitQuiz(quiz);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Each step starts at its heading: keyboard and screen reader users land on the new content,
  // and on a phone (lecture list below the player) the quiz scrolls into view.
  const stepKey = stage.step === 'answering' ? `q${stage.index}` : stage.step;
  useEffect(() => {
    const heading = headingRef.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    heading.scrollIntoView?.({ block: 'nearest' });
  }, [stepKey]);

  const start = () => {
    setTaken(quiz);
    setAnswers(quiz.questions.map(() => []));
    setStage({ step: 'answering', index: 0 });
  };

  const answer = (index: number, chosen: string[]) =>
    setAnswers((all) => all.map((a, i) => (i === index ? chosen : a)));

  const goTo = (index: number) => setStage({ step: 'answering', index });

  const send = () =>
    submit.mutate(answers, {
      onSuccess: (result) => setStage({ step: 'results', result }),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return { stage, taken, answers, headingRef, start, answer, goTo, send, submitting: submit.isPending };
}
