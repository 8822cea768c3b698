import type { Quiz } from '@kaksha/contracts';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { useT } from '@/i18n';
import { attemptsWord } from '../quiz-player/words';

/** A quiz of the creator's list: its questions, pass mark, attempts and place, with Edit and Remove. */
export function QuizCard({
  quiz,
  sectionTitle,
  onEdit,
  onRemove,
}: {
  quiz: Quiz;
  /** The title of the section it follows, if that section still exists. */
  sectionTitle: string | undefined;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-semibold text-ink">{quiz.title}</h3>
        <p className="text-sm text-muted">
          {t('quiz.item.new', { count: quiz.questions.length, pass: quiz.passPercent })} ·{' '}
          {quiz.maxAttempts === null ? t('quizEditor.card.unlimited') : attemptsWord(quiz.maxAttempts)} ·{' '}
          {quiz.sectionId && sectionTitle
            ? t('quizEditor.card.after', { section: sectionTitle })
            : t('quizEditor.card.atEnd')}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={onEdit}
          icon={<Pencil size={16} aria-hidden="true" />}
          aria-label={t('quizEditor.card.editLabel', { title: quiz.title })}
        >
          {t('quizEditor.card.edit')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          icon={<Trash2 size={16} aria-hidden="true" />}
          aria-label={t('quizEditor.card.removeLabel', { title: quiz.title })}
        >
          {t('coupon.remove')}
        </Button>
      </div>
    </Card>
  );
}
