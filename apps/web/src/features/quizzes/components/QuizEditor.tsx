import type { Quiz } from '@kaksha/contracts';
import { ClipboardList, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { EmptyState, Skeleton } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ErrorState } from '@/components/ui/ErrorState';
import { useT } from '@/i18n';
import { errorMessage, serverMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCourseQuizzes, useRemoveQuiz } from '../api/quizzes';
import { QuizCard } from './quiz-editor/QuizCard';
import { QuizForm, type QuizSection } from './quiz-editor/QuizForm';

export type { QuizSection } from './quiz-editor/QuizForm';

/**
 * The course creator's quizzes (/editquizzes/{courseId}): each with its title, pass mark,
 * attempts and place in the course, and a form to add, change or remove them.
 */
export function QuizEditor({ courseId, sections }: { courseId: string; sections: QuizSection[] }) {
  const t = useT();
  const quizzes = useCourseQuizzes(courseId);
  const [editing, setEditing] = useState<{ quiz?: Quiz } | null>(null);
  const [removing, setRemoving] = useState<Quiz | null>(null);
  const remove = useRemoveQuiz(courseId);

  if (editing) {
    return (
      <QuizForm
        key={editing.quiz?._id ?? 'new'}
        courseId={courseId}
        quiz={editing.quiz}
        sections={sections}
        onDone={() => setEditing(null)}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">{t('quizEditor.intro')}</p>
        <Button onClick={() => setEditing({})} icon={<Plus size={16} aria-hidden="true" />}>
          {t('quizEditor.new')}
        </Button>
      </div>
      {quizzes.isPending ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : quizzes.isError ? (
        <ErrorState
          title={t('quizEditor.loadFailed')}
          onRetry={() => void quizzes.refetch()}
          retrying={quizzes.isFetching}
        />
      ) : quizzes.data.length === 0 ? (
        <EmptyState title={t('quizEditor.none')} icon={<ClipboardList size={40} />}>
          {t('quizEditor.noneText')}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {quizzes.data.map((quiz) => (
            <li key={quiz._id}>
              <QuizCard
                quiz={quiz}
                sectionTitle={sections.find((s) => s._id === quiz.sectionId)?.title}
                onEdit={() => setEditing({ quiz })}
                onRemove={() => setRemoving(quiz)}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('quizEditor.removeTitle')}
        confirmLabel={t('quizEditor.remove')}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing._id, {
            onSuccess: (res) => {
              toast.success(res.message ? serverMessage(res.message) : t('quizMessages.removed'));
              setRemoving(null);
            },
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      >
        {t('quizEditor.removeText', { title: removing?.title ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
