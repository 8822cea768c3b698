import type { Quiz } from '@kaksha/contracts';
import { Trophy } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/Button';
import { type MessageKey, useT } from '@/i18n';
import { attemptsLeftOf, attemptsWord } from './words';

/** What submitting shows, by the quiz's `showAnswers`. */
const INTRO_BY_MODE: Record<Quiz['showAnswers'], MessageKey> = {
  always: 'quiz.intro.always',
  'after-pass': 'quiz.intro.afterPass',
  never: 'quiz.intro.never',
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
  const t = useT();
  const left = attemptsLeftOf(quiz);
  const count = quiz.questions.length;
  return (
    <div className="flex flex-col gap-4">
      <h3 ref={headingRef} tabIndex={-1} className="sr-only">
        {t('quiz.about')}
      </h3>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Fact label={t('quiz.questions')} value={String(count)} />
        <Fact label={t('quiz.passMark')} value={`${quiz.passPercent}%`} />
        <Fact label={t('quiz.attemptsLeft')} value={left === null ? t('quiz.unlimited') : String(left)} />
        <Fact label={t('quiz.bestScore')} value={quiz.bestScorePercent === null ? '—' : `${quiz.bestScorePercent}%`} />
      </dl>
      {quiz.passed && (
        <p className="flex items-center gap-2 rounded-lg bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          <Trophy size={18} aria-hidden="true" />
          {t('quiz.passedNote')}
        </p>
      )}
      {left === 0 ? (
        <p className="rounded-lg bg-surface px-4 py-3 text-sm text-ink" role="note">
          {t('quiz.usedAll', { attempts: attemptsWord(quiz.maxAttempts ?? 0) })}
        </p>
      ) : (
        <p className="text-sm text-muted">
          {t(INTRO_BY_MODE[quiz.showAnswers])}
          {quiz.maxAttempts !== null && ` ${t('quiz.inAll', { attempts: attemptsWord(quiz.maxAttempts) })}`}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {left !== 0 && (
          <Button onClick={onStart} className="w-full sm:w-auto">
            {quiz.attemptsUsed > 0 ? t('quiz.again') : t('quiz.start')}
          </Button>
        )}
        <Button variant="secondary" onClick={onClose} className="w-full sm:w-auto">
          {t('quiz.backToLectures')}
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
