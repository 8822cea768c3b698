import type { Quiz } from '@kaksha/contracts';
import { Plus } from 'lucide-react';
import { Button } from '../../../../components/ui/Button';
import { Card } from '../../../../components/ui/Card';
import { controlClass, Field, TextInput } from '../../../../components/ui/Field';
import type { Draft } from './draft';
import { QuestionEditor } from './QuestionEditor';
import { useQuizForm } from './useQuizForm';

export interface QuizSection {
  _id: string;
  title: string;
}

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
  const { draft, set, setQuestion, addQuestion, removeQuestion, problem, onSubmit, saving } = useQuizForm(
    courseId,
    quiz,
    onDone,
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <QuizSettings heading={quiz ? 'Edit quiz' : 'New quiz'} draft={draft} sections={sections} onChange={set} />

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
          Add question
        </Button>
      </div>

      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" busy={saving}>
          {quiz ? 'Save quiz' : 'Create quiz'}
        </Button>
      </div>
    </form>
  );
}

/** The quiz's title, pass mark, attempts and place in the course. */
function QuizSettings({
  heading,
  draft,
  sections,
  onChange,
}: {
  heading: string;
  draft: Draft;
  sections: QuizSection[];
  onChange: (patch: Partial<Draft>) => void;
}) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <h2 className="text-lg font-bold text-ink">{heading}</h2>
      <TextInput
        label="Quiz title"
        value={draft.title}
        onChange={(e) => onChange({ title: e.target.value })}
        required
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput
          label="Pass mark (%)"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          value={draft.passPercent}
          onChange={(e) => onChange({ passPercent: e.target.value })}
          required
        />
        <TextInput
          label="Attempts allowed"
          type="number"
          inputMode="numeric"
          min={1}
          placeholder="Unlimited"
          hint="Leave empty for unlimited attempts."
          value={draft.maxAttempts}
          onChange={(e) => onChange({ maxAttempts: e.target.value })}
        />
        <Field label="Shown after">
          {(id, describedBy) => (
            <select
              id={id}
              aria-describedby={describedBy}
              className={controlClass}
              value={draft.sectionId}
              onChange={(e) => onChange({ sectionId: e.target.value })}
            >
              <option value="">The end of the course</option>
              {sections.map((s) => (
                <option key={s._id} value={s._id}>
                  Section: {s.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </Card>
  );
}
