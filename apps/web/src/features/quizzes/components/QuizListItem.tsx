import type { Quiz } from '@kaksha/contracts';
import { CircleCheck, ClipboardList } from 'lucide-react';
import { useT } from '@/i18n';

/**
 * Where each quiz goes in a curriculum: after its section when that section is shown, otherwise
 * (no section, or a section without lectures) at the end, in the server's course order.
 */
export function placeQuizzes(quizzes: Quiz[], shownSectionIds: ReadonlySet<string>) {
  const afterSection = new Map<string, Quiz[]>();
  const atEnd: Quiz[] = [];
  for (const quiz of quizzes) {
    if (quiz.sectionId && shownSectionIds.has(quiz.sectionId)) {
      afterSection.set(quiz.sectionId, [...(afterSection.get(quiz.sectionId) ?? []), quiz]);
    } else atEnd.push(quiz);
  }
  return { afterSection, atEnd };
}

/** A quiz in the lecture list: opens the quiz, with the viewer's pass or best score. */
export function QuizListItem({ quiz, active, onOpen }: { quiz: Quiz; active: boolean; onOpen: () => void }) {
  const t = useT();
  const status = quiz.passed
    ? t('quiz.item.passed', { best: quiz.bestScorePercent ?? 0 })
    : quiz.bestScorePercent !== null
      ? t('quiz.item.best', { best: quiz.bestScorePercent, pass: quiz.passPercent })
      : t('quiz.item.new', { count: quiz.questions.length, pass: quiz.passPercent });
  return (
    <li>
      <button
        type="button"
        aria-current={active ? 'true' : undefined}
        onClick={onOpen}
        className={`flex w-full items-center gap-3 rounded-lg border border-dashed px-3 py-3 text-left text-sm transition-colors ${
          active ? 'border-ink bg-ink text-white' : 'border-slate-400 bg-white text-ink hover:border-ink'
        }`}
      >
        <ClipboardList size={18} aria-hidden="true" className="shrink-0" />
        <span className="flex flex-1 flex-col">
          <span>
            <span className="sr-only">{t('quiz.prefix')} </span>
            {quiz.title}
          </span>
          <span className="text-xs opacity-80">{status}</span>
        </span>
        {quiz.passed && (
          <CircleCheck
            size={18}
            role="img"
            aria-label={t('quiz.passed')}
            className={active ? 'text-green-300' : 'text-green-700'}
          />
        )}
      </button>
    </li>
  );
}
