import type { Quiz } from '@kaksha/contracts';
import { Trophy } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/Button';
import { attemptsLeftOf, attemptsWord } from './words';

/** What submitting shows, by the quiz's `showAnswers`. */
const INTRO_BY_MODE: Record<Quiz['showAnswers'], string> = {
  always: 'Answer each question, then submit to see your score, the correct answers and why.',
  'after-pass': 'Answer each question, then submit to see your score; the correct answers and why show once you pass.',
  never: 'Answer each question, then submit to see your score. This quiz does not show its correct answers.',
};

/** Before an attempt: the pass mark, attempts left and best score, and Start (while attempts remain). */
export function Intro({
  quiz,
  headingRef,
  onStart,
  onClose,
}: {
  quiz: Quiz;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onStart: () => void;
  onClose: () => void;
}) {
  const left = attemptsLeftOf(quiz);
  const count = quiz.questions.length;
  return (
    <div className="flex flex-col gap-4">
      <h3 ref={headingRef} tabIndex={-1} className="sr-only">
        About this quiz
      </h3>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Fact label="Questions" value={String(count)} />
        <Fact label="Pass mark" value={`${quiz.passPercent}%`} />
        <Fact label="Attempts left" value={left === null ? 'Unlimited' : String(left)} />
        <Fact label="Best score" value={quiz.bestScorePercent === null ? '—' : `${quiz.bestScorePercent}%`} />
      </dl>
      {quiz.passed && (
        <p className="flex items-center gap-2 rounded-lg bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          <Trophy size={18} aria-hidden="true" />
          You passed this quiz. You can take it again to practise; your best score counts.
        </p>
      )}
      {left === 0 ? (
        <p className="rounded-lg bg-surface px-4 py-3 text-sm text-ink" role="note">
          You have used all {attemptsWord(quiz.maxAttempts ?? 0)} at this quiz.
        </p>
      ) : (
        <p className="text-sm text-muted">
          {INTRO_BY_MODE[quiz.showAnswers]}
          {quiz.maxAttempts !== null && ` You have ${attemptsWord(quiz.maxAttempts)} in all.`}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {left !== 0 && (
          <Button onClick={onStart} className="w-full sm:w-auto">
            {quiz.attemptsUsed > 0 ? 'Take the quiz again' : 'Start quiz'}
          </Button>
        )}
        <Button variant="secondary" onClick={onClose} className="w-full sm:w-auto">
          Back to lectures
        </Button>
      </div>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-surface px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-base font-semibold text-ink">{value}</dd>
    </div>
  );
}
