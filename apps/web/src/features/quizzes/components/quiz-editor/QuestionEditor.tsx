import { QUIZ_OPTIONS_MAX, QUIZ_OPTIONS_MIN, type QuizKind } from '@kaksha/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { controlClass, Field, TextArea } from '@/components/ui/Field';
import { useT } from '@/i18n';
import { type DraftQuestion, KIND_LABELS } from './draft';
import { OptionRow } from './OptionRow';

/** One question of the form: its text, type, options (with the correct ones marked) and explanation. */
export function QuestionEditor({
  question: q,
  number,
  canRemove,
  onChange,
  onRemove,
}: {
  question: DraftQuestion;
  number: number;
  canRemove: boolean;
  onChange: (patch: Partial<DraftQuestion>) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const correctName = useId();
  const many = q.kind === 'multiple';
  const trueFalse = q.kind === 'truefalse';
  // A true/false question has fixed options; fewer correct answers when the type allows fewer.
  const setKind = (kind: QuizKind) => {
    if (kind === 'truefalse')
      onChange({
        kind,
        options: [t('quizEditor.true'), t('quizEditor.false')],
        correct: q.correct.slice(0, 1).filter((c) => c < 2),
      });
    else if (kind === 'single') onChange({ kind, correct: q.correct.slice(0, 1) });
    else onChange({ kind });
  };
  const markCorrect = (i: number, on: boolean) =>
    onChange({
      correct: many ? (on ? [...q.correct, i].sort((a, b) => a - b) : q.correct.filter((c) => c !== i)) : [i],
    });
  const removeOption = (i: number) =>
    onChange({
      options: q.options.filter((_, j) => j !== i),
      correct: q.correct.filter((c) => c !== i).map((c) => (c > i ? c - 1 : c)),
    });

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-semibold text-ink">{t('quizEditor.question', { number })}</h3>
        {canRemove && (
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            icon={<Trash2 size={16} aria-hidden="true" />}
            aria-label={t('quizEditor.removeQuestion', { number })}
          >
            {t('coupon.remove')}
          </Button>
        )}
      </div>
      <TextArea
        label={t('quizEditor.questionText', { number })}
        rows={2}
        value={q.prompt}
        onChange={(e) => onChange({ prompt: e.target.value })}
        required
      />
      <Field label={t('quizEditor.questionType', { number })}>
        {(id, describedBy) => (
          <select
            id={id}
            aria-describedby={describedBy}
            className={controlClass}
            value={q.kind}
            onChange={(e) => setKind(e.target.value as QuizKind)}
          >
            {(Object.keys(KIND_LABELS) as QuizKind[]).map((k) => (
              <option key={k} value={k}>
                {t(KIND_LABELS[k])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-ink">
          {t('quizEditor.options')}{' '}
          <span className="font-normal text-muted">
            ({many ? t('quizEditor.tickEvery') : t('quizEditor.chooseCorrect')})
          </span>
        </legend>
        {q.options.map((option, i) => (
          <OptionRow
            key={i}
            question={number}
            index={i}
            value={option}
            many={many}
            correctName={correctName}
            correct={q.correct.includes(i)}
            fixed={trueFalse}
            removable={!trueFalse && q.options.length > QUIZ_OPTIONS_MIN}
            onMarkCorrect={(on) => markCorrect(i, on)}
            onChange={(value) => onChange({ options: q.options.map((o, j) => (j === i ? value : o)) })}
            onRemove={() => removeOption(i)}
          />
        ))}
        {!trueFalse && q.options.length < QUIZ_OPTIONS_MAX && (
          <div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onChange({ options: [...q.options, ''] })}
              icon={<Plus size={16} aria-hidden="true" />}
            >
              {t('quizEditor.addOption')}
            </Button>
          </div>
        )}
      </fieldset>
      <TextArea
        label={t('quizEditor.explanation', { number })}
        rows={2}
        placeholder={t('quizEditor.explanationPlaceholder')}
        value={q.explanation}
        onChange={(e) => onChange({ explanation: e.target.value })}
      />
    </Card>
  );
}
