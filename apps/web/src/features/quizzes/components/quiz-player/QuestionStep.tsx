import type { QuizQuestion } from '@kaksha/contracts';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { type RefObject, useId } from 'react';
import { Button } from '@/components/ui/Button';
import { useT } from '@/i18n';

/**
 * One question of an attempt: radio buttons for one answer, checkboxes for several; Next (or
 * Submit on the last) once something is chosen, Previous to go back.
 */
export function QuestionStep({
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
  chosen: string[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  onChange: (chosen: string[]) => void;
  onBack: () => void;
  onNext: () => void;
  onSubmit: () => void;
  submitting: boolean;
}) {
  const t = useT();
  const name = useId();
  const hintId = useId();
  const multiple = question.kind === 'multiple';
  const last = index === total - 1;
  // Options are chosen by id: the server shuffled them, so their place means nothing to it.
  const toggle = (option: string) =>
    onChange(
      multiple ? (chosen.includes(option) ? chosen.filter((c) => c !== option) : [...chosen, option]) : [option],
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
      <QuizProgress index={index} total={total} />
      <fieldset className="flex flex-col gap-3" aria-describedby={hintId}>
        <legend className="mb-2 w-full">
          <h3 ref={headingRef} tabIndex={-1} className="whitespace-pre-line text-lg font-semibold text-ink">
            {question.prompt}
          </h3>
        </legend>
        <p id={hintId} className="-mt-1 text-sm text-muted">
          {multiple ? t('quiz.chooseEvery') : t('quiz.chooseOne')}
        </p>
        {question.options.map((option, i) => (
          <OptionChoice
            key={question.optionIds[i] ?? i}
            type={multiple ? 'checkbox' : 'radio'}
            name={name}
            checked={chosen.includes(question.optionIds[i])}
            onToggle={() => toggle(question.optionIds[i])}
          >
            {option}
          </OptionChoice>
        ))}
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
          {t('quiz.previous')}
        </Button>
        <Button type="submit" disabled={chosen.length === 0} busy={last && submitting} className="w-full sm:w-auto">
          {last ? t('quiz.submit') : t('quiz.next')}
          {!last && <ArrowRight size={16} aria-hidden="true" />}
        </Button>
      </div>
    </form>
  );
}

/** "Question 2 of 5" and a bar. */
function QuizProgress({ index, total }: { index: number; total: number }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-muted">{t('quiz.progress', { number: index + 1, total })}</p>
      <div
        className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={t('quiz.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={index + 1}
      >
        <div className="h-full bg-ink" style={{ width: `${((index + 1) / total) * 100}%` }} />
      </div>
    </div>
  );
}

/** An answer to choose: the whole row is its label, so it is easy to hit on a phone. */
function OptionChoice({
  type,
  name,
  checked,
  onToggle,
  children,
}: {
  type: 'checkbox' | 'radio';
  name: string;
  checked: boolean;
  onToggle: () => void;
  children: string;
}) {
  return (
    <label
      className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm transition-colors ${
        checked ? 'border-ink bg-surface' : 'border-line hover:border-ink'
      }`}
    >
      <input type={type} name={name} checked={checked} onChange={onToggle} className="size-4 shrink-0 accent-ink" />
      <span className="text-ink">{children}</span>
    </label>
  );
}
