import type { Quiz } from '@kaksha/contracts';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { useT } from '@/i18n';
import { QuestionEditor } from './QuestionEditor';
import { type QuizSection, QuizSettings } from './QuizSettings';
import { useQuizForm } from './useQuizForm';

export type { QuizSection } from './QuizSettings';

/** Adds a quiz, or changes `quiz`: its settings, then its questions; checked before it is sent. */
export function QuizForm({
  courseId,
  quiz,
  sections,
  onDone,
}: {
  courseId: string;
  quiz?: Quiz;
  sections: QuizSection[];
  onDone: () => void;
}) {
  const t = useT();
  const { draft, set, setQuestion, addQuestion, removeQuestion, problem, onSubmit, saving } = useQuizForm(
    courseId,
    quiz,
    onDone,
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <QuizSettings
        heading={quiz ? t('quizEditor.edit') : t('quizEditor.new')}
        draft={draft}
        sections={sections}
        onChange={set}
      />

      <ol className="flex flex-col gap-4">
        {draft.questions.map((q, i) => (
          <li key={q.key}>
            <QuestionEditor
              question={q}
              number={i + 1}
              canRemove={draft.questions.length > 1}
              onChange={(patch) => setQuestion(q.key, patch)}
              onRemove={() => removeQuestion(q.key)}
            />
          </li>
        ))}
      </ol>
      <div>
        <Button variant="secondary" onClick={addQuestion} icon={<Plus size={16} aria-hidden="true" />}>
          {t('quizEditor.addQuestion')}
        </Button>
      </div>

      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={saving}>
          {quiz ? t('quizEditor.save') : t('quizEditor.create')}
        </Button>
      </div>
    </form>
  );
}
