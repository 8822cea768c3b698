import type { Quiz, QuizQuestion, QuizResult } from '@kaksha/contracts';
import { ArrowLeft, ArrowRight, CircleCheck, CircleX, RotateCcw, Trophy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSubmitQuiz } from '../api/quizzes';

const attemptsWord = (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`;

/** Attempts still open: null for unlimited. */
const attemptsLeftOf = (quiz: Quiz) =>
  quiz.maxAttempts === null ? null : Math.max(0, quiz.maxAttempts - quiz.attemptsUsed);

/** 'A', 'B', … for option letters. */
const letter = (i: number) => String.fromCharCode(65 + i);

type Stage = { step: 'intro' } | { step: 'answering'; index: number } | { step: 'results'; result: QuizResult };

/**
 * Takes a quiz in the lecture viewer: an introduction (pass mark, attempts, best score), then one
 * question at a time (radio buttons for one answer, checkboxes for several), then the graded
 * results with the correct answers and explanations, the score and whether it passed.
 */
export function QuizPlayer({ quiz, onClose }: { quiz: Quiz; onClose: () => void }) {
  const [stage, setStage] = useState<Stage>({ step: 'intro' });
  const [answers, setAnswers] = useState<number[][]>(() => quiz.questions.map(() => []));
  const submit = useSubmitQuiz(quiz);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

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
    setAnswers(quiz.questions.map(() => []));
    setStage({ step: 'answering', index: 0 });
  };

  const send = () =>
    submit.mutate(answers, {
      onSuccess: (result) => setStage({ step: 'results', result }),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-5 rounded-card border border-line bg-white p-5 shadow-sm sm:p-6"
      data-testid="quiz-player"
    >
      <div className="flex flex-col gap-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">Quiz</p>
        <h2 id={titleId} className="text-xl font-bold text-ink sm:text-2xl">
          {quiz.title}
        </h2>
      </div>

      {stage.step === 'intro' && <Intro quiz={quiz} headingRef={headingRef} onStart={start} onClose={onClose} />}

      {stage.step === 'answering' && (
        <QuestionStep
          key={stage.index}
          headingRef={headingRef}
          question={quiz.questions[stage.index]}
          index={stage.index}
          total={quiz.questions.length}
          chosen={answers[stage.index] ?? []}
          onChange={(chosen) => setAnswers((all) => all.map((a, i) => (i === stage.index ? chosen : a)))}
          onBack={() => setStage({ step: 'answering', index: stage.index - 1 })}
          onNext={() => setStage({ step: 'answering', index: stage.index + 1 })}
          onSubmit={send}
          submitting={submit.isPending}
        />
      )}

      {stage.step === 'results' && (
        <Results
          quiz={quiz}
          result={stage.result}
          answers={answers}
          headingRef={headingRef}
          onRetry={start}
          onClose={onClose}
        />
      )}
    </section>
  );
}

type HeadingRef = React.RefObject<HTMLHeadingElement | null>;

function Intro({
  quiz,
  headingRef,
  onStart,
  onClose,
}: {
  quiz: Quiz;
  headingRef: HeadingRef;
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
          Answer each question, then submit to see your score, the correct answers and why.
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

function QuestionStep({
  question,
  index,
  total,
  chosen,
  headingRef,
  onChange,
  onBack,
  onNext,
  onSubmit,
  submitting,
}: {
  question: QuizQuestion;
  index: number;
  total: number;
  chosen: number[];
  headingRef: HeadingRef;
  onChange: (chosen: number[]) => void;
  onBack: () => void;
  onNext: () => void;
  onSubmit: () => void;
  submitting: boolean;
}) {
  const name = useId();
  const hintId = useId();
  const multiple = question.kind === 'multiple';
  const last = index === total - 1;
  const toggle = (option: number) =>
    onChange(
      multiple
        ? chosen.includes(option)
          ? chosen.filter((c) => c !== option)
          : [...chosen, option].sort((a, b) => a - b)
        : [option],
    );
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen.length === 0) return;
        if (last) onSubmit();
        else onNext();
      }}
    >
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-muted">
          Question {index + 1} of {total}
        </p>
        <div
          className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label="Quiz progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={index + 1}
        >
          <div className="h-full bg-ink" style={{ width: `${((index + 1) / total) * 100}%` }} />
        </div>
      </div>
      <fieldset className="flex flex-col gap-3" aria-describedby={hintId}>
        <legend className="mb-2 w-full">
          <h3 ref={headingRef} tabIndex={-1} className="whitespace-pre-line text-lg font-semibold text-ink">
            {question.prompt}
          </h3>
        </legend>
        <p id={hintId} className="-mt-1 text-sm text-muted">
          {multiple ? 'Choose every correct answer.' : 'Choose one answer.'}
        </p>
        {question.options.map((option, i) => {
          const checked = chosen.includes(i);
          return (
            <label
              key={i}
              className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm transition-colors ${
                checked ? 'border-ink bg-surface' : 'border-line hover:border-ink'
              }`}
            >
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                checked={checked}
                onChange={() => toggle(i)}
                className="size-4 shrink-0 accent-ink"
              />
              <span className="text-ink">{option}</span>
            </label>
          );
        })}
      </fieldset>
      {/* On a phone: the next step first and full width, within reach of the thumb. */}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button
          variant="secondary"
          onClick={onBack}
          disabled={index === 0 || submitting}
          icon={<ArrowLeft size={16} aria-hidden="true" />}
          className="w-full sm:w-auto"
        >
          Previous
        </Button>
        <Button type="submit" disabled={chosen.length === 0} busy={last && submitting} className="w-full sm:w-auto">
          {last ? 'Submit answers' : 'Next question'}
          {!last && <ArrowRight size={16} aria-hidden="true" />}
        </Button>
      </div>
    </form>
  );
}

function Results({
  quiz,
  result,
  answers,
  headingRef,
  onRetry,
  onClose,
}: {
  quiz: Quiz;
  result: QuizResult;
  answers: number[][];
  headingRef: HeadingRef;
  onRetry: () => void;
  onClose: () => void;
}) {
  const correctCount = result.results.filter((r) => r.correct).length;
  return (
    <div className="flex flex-col gap-5">
      <div
        className={`flex flex-col gap-2 rounded-lg px-4 py-4 ${result.passed ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
      >
        <h3 ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-lg font-bold">
          {result.passed ? <CircleCheck size={22} aria-hidden="true" /> : <CircleX size={22} aria-hidden="true" />}
          {result.passed ? 'Passed' : 'Not passed'}: you scored {result.scorePercent}%
        </h3>
        <p className="text-sm">
          {correctCount} of {result.results.length} correct. The pass mark is {quiz.passPercent}%.
        </p>
        <p className="text-sm">
          Attempt {result.attempt}
          {result.attemptsLeft !== null && ` · ${attemptsWord(result.attemptsLeft)} left`} · Best score{' '}
          {result.bestScorePercent}%
        </p>
      </div>

      <ol className="flex flex-col gap-4">
        {quiz.questions.map((question, i) => {
          const graded = result.results[i];
          if (!graded) return null;
          const mine = answers[i] ?? [];
          const list = (indices: number[]) =>
            indices.length ? indices.map((o) => `${letter(o)}. ${question.options[o] ?? ''}`).join('; ') : 'No answer';
          return (
            <li key={i} className="rounded-lg border border-line p-4">
              <div className="flex items-start gap-3">
                {graded.correct ? (
                  <CircleCheck size={20} role="img" aria-label="Correct" className="mt-0.5 shrink-0 text-green-700" />
                ) : (
                  <CircleX size={20} role="img" aria-label="Incorrect" className="mt-0.5 shrink-0 text-red-700" />
                )}
                <div className="flex min-w-0 flex-col gap-2 text-sm">
                  <p className="whitespace-pre-line font-semibold text-ink">
                    {i + 1}. {question.prompt}
                  </p>
                  <p className="text-ink">
                    <span className="text-muted">Your answer: </span>
                    {list(mine)}
                  </p>
                  {!graded.correct && (
                    <p className="text-ink">
                      <span className="text-muted">Correct answer: </span>
                      <span className="font-medium">{list(graded.correctAnswer)}</span>
                    </p>
                  )}
                  {graded.explanation && (
                    <p className="whitespace-pre-line rounded-md bg-surface px-3 py-2 text-ink">
                      <span className="font-medium">Why: </span>
                      {graded.explanation}
                    </p>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ol>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {result.passed ? null : result.attemptsLeft !== 0 ? (
          <Button onClick={onRetry} icon={<RotateCcw size={16} aria-hidden="true" />} className="w-full sm:w-auto">
            Try again
          </Button>
        ) : (
          <p className="text-sm text-muted sm:self-center">You have used all your attempts at this quiz.</p>
        )}
        <Button variant="secondary" onClick={onClose} className="w-full sm:w-auto">
          Back to lectures
        </Button>
      </div>
    </div>
  );
}
