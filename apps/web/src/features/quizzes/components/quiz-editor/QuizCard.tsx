import type { Quiz } from '@kaksha/contracts';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';

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
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-semibold text-ink">{quiz.title}</h3>
        <p className="text-sm text-muted">
          {quiz.questions.length} {quiz.questions.length === 1 ? 'question' : 'questions'} · pass mark{' '}
          {quiz.passPercent}% ·{' '}
          {quiz.maxAttempts === null
            ? 'unlimited attempts'
            : `${quiz.maxAttempts} ${quiz.maxAttempts === 1 ? 'attempt' : 'attempts'}`}{' '}
          · {quiz.sectionId && sectionTitle ? `after “${sectionTitle}”` : 'at the end of the course'}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={onEdit}
          icon={<Pencil size={16} aria-hidden="true" />}
          aria-label={`Edit quiz ${quiz.title}`}
        >
          Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          icon={<Trash2 size={16} aria-hidden="true" />}
          aria-label={`Remove quiz ${quiz.title}`}
        >
          Remove
        </Button>
      </div>
    </Card>
  );
}
