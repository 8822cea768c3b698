import type { Quiz, QuizQuestion, QuizResult } from '@kaksha/contracts';
import { CircleCheck, CircleX, RotateCcw } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/Button';
import { useT } from '@/i18n';
import { attemptsWord, letter } from './words';

type GradedAnswer = QuizResult['results'][number];

/**
 * The graded attempt: passed or not, the score, and — when the quiz shows answers (its
 * `showAnswers`) — each question with the right answer and why; otherwise the learner's answers
 * and a word on when the answers show.
 */
export function Results({
  quiz,
  result,
  answers,
  headingRef,
  onRetry,
  onClose,
}: {
  quiz: Quiz;
  result: QuizResult;
  answers: string[][];
  headingRef: RefObject<HTMLHeadingElement | null>;
  onRetry: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const correctCount = result.results.filter((r) => r.correct).length;
  const hidden = !result.answersShown;
  return (
    <div className="flex flex-col gap-5">
      <div
        className={`flex flex-col gap-2 rounded-lg px-4 py-4 ${result.passed ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
      >
        <h3 ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-lg font-bold">
          {result.passed ? <CircleCheck size={22} aria-hidden="true" /> : <CircleX size={22} aria-hidden="true" />}
          {t(result.passed ? 'quiz.result.passed' : 'quiz.result.notPassed', { score: result.scorePercent })}
        </h3>
        <p className="text-sm">
          {hidden ? '' : `${t('quiz.result.correct', { correct: correctCount, total: result.results.length })} `}
          {t('quiz.result.passMark', { pass: quiz.passPercent })}
        </p>
        <p className="text-sm">
          {t('quiz.result.attempt', { attempt: result.attempt })}
          {result.attemptsLeft !== null &&
            ` · ${t('quiz.result.left', { attempts: attemptsWord(result.attemptsLeft) })}`}
          {' · '}
          {t('quiz.result.best', { best: result.bestScorePercent })}
        </p>
      </div>

      {hidden && (
        <p className="rounded-lg bg-surface px-4 py-3 text-sm text-ink" role="note">
          {quiz.showAnswers === 'never' ? t('quiz.result.neverShown') : t('quiz.result.shownOnPass')}
        </p>
      )}

      <ol className="flex flex-col gap-4">
        {quiz.questions.map((question, i) => {
          const graded = result.results[i];
          if (!graded) return null;
          return <GradedQuestion key={i} number={i + 1} question={question} graded={graded} mine={answers[i] ?? []} />;
        })}
      </ol>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {result.passed ? null : result.attemptsLeft !== 0 ? (
          <Button onClick={onRetry} icon={<RotateCcw size={16} aria-hidden="true" />} className="w-full sm:w-auto">
            {t('quiz.result.tryAgain')}
          </Button>
        ) : (
          <p className="text-sm text-muted sm:self-center">{t('quiz.result.noneLeft')}</p>
        )}
        <Button variant="secondary" onClick={onClose} className="w-full sm:w-auto">
          {t('quiz.backToLectures')}
        </Button>
      </div>
    </div>
  );
}

/** A question of the results: the learner's answer, the correct one when that was wrong, and why. */
function GradedQuestion({
  number,
  question,
  graded,
  mine,
}: {
  number: number;
  question: QuizQuestion;
  graded: GradedAnswer;
  mine: string[];
}) {
  const t = useT();
  // Letters as this attempt showed the options (its own shuffled order), in that order.
  const list = (ids: string[]) => {
    const shown = question.optionIds.flatMap((id, i) =>
      ids.includes(id) ? [`${letter(i)}. ${question.options[i]}`] : [],
    );
    return shown.length ? shown.join('; ') : t('quiz.result.noAnswer');
  };
  return (
    <li className="rounded-lg border border-line p-4">
      <div className="flex items-start gap-3">
        {graded.correct === true && (
          <CircleCheck
            size={20}
            role="img"
            aria-label={t('quiz.result.correctMark')}
            className="mt-0.5 shrink-0 text-green-700"
          />
        )}
        {graded.correct === false && (
          <CircleX
            size={20}
            role="img"
            aria-label={t('quiz.result.incorrectMark')}
            className="mt-0.5 shrink-0 text-red-700"
          />
        )}
        <div className="flex min-w-0 flex-col gap-2 text-sm">
          <p className="whitespace-pre-line font-semibold text-ink">
            {number}. {question.prompt}
          </p>
          <p className="text-ink">
            <span className="text-muted">{t('quiz.result.yourAnswer')} </span>
            {list(mine)}
          </p>
          {graded.correct === false && graded.correctOptionIds && (
            <p className="text-ink">
              <span className="text-muted">{t('quiz.result.correctAnswer')} </span>
              <span className="font-medium">{list(graded.correctOptionIds)}</span>
            </p>
          )}
          {graded.explanation && (
            <p className="whitespace-pre-line rounded-md bg-surface px-3 py-2 text-ink">
              <span className="font-medium">{t('quiz.result.why')} </span>
              {graded.explanation}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}
