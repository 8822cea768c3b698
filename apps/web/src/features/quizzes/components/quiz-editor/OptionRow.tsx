import { X } from 'lucide-react';
import { controlClass } from '@/components/ui/Field';
import { useT } from '@/i18n';

/** An option of a question: marked correct or not, its text (fixed for true/false), and Remove. */
export function OptionRow({
  question,
  index,
  value,
  many,
  correctName,
  correct,
  fixed,
  removable,
  onMarkCorrect,
  onChange,
  onRemove,
}: {
  /** The question's number, for the labels. */
  question: number;
  index: number;
  value: string;
  /** Several options may be correct (checkboxes, else radios named `correctName`). */
  many: boolean;
  correctName: string;
  correct: boolean;
  fixed: boolean;
  removable: boolean;
  onMarkCorrect: (on: boolean) => void;
  onChange: (value: string) => void;
  onRemove: () => void;
}) {
  const t = useT();
  return (
    <div className="flex items-center gap-2">
      <label className="flex h-11 shrink-0 cursor-pointer items-center gap-2 rounded-lg border border-line px-3 text-xs font-medium text-ink">
        <input
          type={many ? 'checkbox' : 'radio'}
          name={correctName}
          checked={correct}
          onChange={(e) => onMarkCorrect(e.target.checked)}
          className="size-4 accent-ink"
          aria-label={t('quizEditor.optionCorrect', { number: index + 1 })}
        />
        <span aria-hidden="true">{t('quiz.result.correctMark')}</span>
      </label>
      <input
        className={`${controlClass} read-only:bg-surface`}
        aria-label={t('quizEditor.optionLabel', { question, number: index + 1 })}
        value={value}
        readOnly={fixed}
        placeholder={t('quizEditor.optionPlaceholder', { number: index + 1 })}
        onChange={(e) => onChange(e.target.value)}
      />
      {removable && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('quizEditor.removeOption', { number: index + 1 })}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-ink"
        >
          <X size={18} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
