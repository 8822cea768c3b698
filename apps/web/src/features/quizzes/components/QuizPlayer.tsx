import type { Quiz } from '@kaksha/contracts';
import { useId } from 'react';
import { useT } from '@/i18n';
import { Intro } from './quiz-player/Intro';
import { QuestionStep } from './quiz-player/QuestionStep';
import { Results } from './quiz-player/Results';
import { useQuizAttempt } from './quiz-player/useQuizAttempt';

/**
 * Takes a quiz in the lecture viewer: an introduction (pass mark, attempts, best score), then one
 * question at a time (radio buttons for one answer, checkboxes for several), then the graded
 * results: the score and whether it passed, and the correct answers and explanations when the
 * quiz shows them (its `showAnswers`: always, once passed, or never).
 */
export function QuizPlayer({ quiz, onClose }: { quiz: Quiz; onClose: () => void }) {
  const t = useT();
  const { stage, taken, answers, headingRef, start, answer, goTo, send, submitting } = useQuizAttempt(quiz);
  const titleId = useId();

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-5 rounded-card border border-line bg-white p-5 shadow-sm sm:p-6"
      data-testid="quiz-player"
    >
      <div className="flex flex-col gap-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t('quiz.label')}</p>
        <h2 id={titleId} className="text-xl font-bold text-ink sm:text-2xl">
          {quiz.title}
        </h2>
      </div>

      {stage.step === 'intro' && <Intro quiz={quiz} headingRef={headingRef} onStart={start} onClose={onClose} />}

      {stage.step === 'answering' && (
        <QuestionStep
          key={stage.index}
          headingRef={headingRef}
          question={taken.questions[stage.index]}
          index={stage.index}
          total={taken.questions.length}
          chosen={answers[stage.index] ?? []}
          onChange={(chosen) => answer(stage.index, chosen)}
          onBack={() => goTo(stage.index - 1)}
          onNext={() => goTo(stage.index + 1)}
          onSubmit={send}
          submitting={submitting}
        />
      )}

      {stage.step === 'results' && (
        <Results
          quiz={taken}
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
