import {
  QUIZ_EXPLANATION_MAX,
  QUIZ_MESSAGES,
  QUIZ_OPTION_MAX,
  QUIZ_OPTIONS_MAX,
  QUIZ_OPTIONS_MIN,
  QUIZ_PROMPT_MAX,
  QUIZ_TITLE_MAX,
  type Quiz,
  type QuizKind,
  type QuizRequest,
} from '@kaksha/contracts';
import { ClipboardList, Pencil, Plus, Trash2, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Card, EmptyState, Skeleton } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ErrorState } from '../../../components/ui/ErrorState';
import { controlClass, Field, TextArea, TextInput } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useCourseQuizzes, useRemoveQuiz, useSaveQuiz } from '../api/quizzes';

export interface QuizSection {
  _id: string;
  title: string;
}

const KIND_LABELS: Record<QuizKind, string> = {
  single: 'One correct answer',
  multiple: 'Several correct answers',
  truefalse: 'True or false',
};

interface DraftQuestion {
  key: number;
  prompt: string;
  kind: QuizKind;
  options: string[];
  correct: number[];
  explanation: string;
}

interface Draft {
  title: string;
  passPercent: string;
  maxAttempts: string;
  sectionId: string;
  questions: DraftQuestion[];
}

let nextKey = 1;
const blankQuestion = (): DraftQuestion => ({
  key: nextKey++,
  prompt: '',
  kind: 'single',
  options: ['', ''],
  correct: [],
  explanation: '',
});

const draftOf = (quiz?: Quiz): Draft =>
  quiz
    ? {
        title: quiz.title,
        passPercent: String(quiz.passPercent),
        maxAttempts: quiz.maxAttempts === null ? '' : String(quiz.maxAttempts),
        sectionId: quiz.sectionId ?? '',
        questions: quiz.questions.map((q) => ({
          key: nextKey++,
          prompt: q.prompt,
          kind: q.kind,
          options: [...q.options],
          correct: [...(q.correct ?? [])],
          explanation: q.explanation ?? '',
        })),
      }
    : { title: '', passPercent: '70', maxAttempts: '', sectionId: '', questions: [blankQuestion()] };

/** The first problem of one question, in the server's words (it checks again), or null. */
function questionProblem(q: DraftQuestion): string | null {
  const prompt = q.prompt.trim();
  if (!prompt) return 'Question is required';
  if (prompt.length > QUIZ_PROMPT_MAX) return `Question must be ${QUIZ_PROMPT_MAX} characters or fewer`;
  if (q.options.length < QUIZ_OPTIONS_MIN) return `A question needs at least ${QUIZ_OPTIONS_MIN} options`;
  if (q.options.length > QUIZ_OPTIONS_MAX) return `A question can have at most ${QUIZ_OPTIONS_MAX} options`;
  if (q.options.some((o) => !o.trim())) return 'Option is required';
  if (q.options.some((o) => o.trim().length > QUIZ_OPTION_MAX))
    return `Option must be ${QUIZ_OPTION_MAX} characters or fewer`;
  if (q.kind === 'truefalse' && q.options.length !== 2) return 'A true/false question has exactly 2 options';
  if (q.kind === 'multiple' && q.correct.length === 0) return 'Mark at least one correct option';
  if (q.kind !== 'multiple' && q.correct.length !== 1) return 'Mark exactly one correct option';
  if (q.explanation.trim().length > QUIZ_EXPLANATION_MAX) {
    return `Explanations can be at most ${QUIZ_EXPLANATION_MAX} characters`;
  }
  return null;
}

/**
 * The request the server takes, or the first problem as a sentence naming the question. The
 * contract's rules checked by hand: the zod schema would add its weight to this page's code.
 */
function toRequest(draft: Draft): { quiz: QuizRequest } | { problem: string } {
  const title = draft.title.trim();
  if (!title) return { problem: 'Title is required' };
  if (title.length > QUIZ_TITLE_MAX) return { problem: `Title must be ${QUIZ_TITLE_MAX} characters or fewer` };
  const passPercent = Number(draft.passPercent);
  if (draft.passPercent.trim() === '' || !Number.isInteger(passPercent) || passPercent < 0 || passPercent > 100) {
    return { problem: 'Pass mark must be a whole percentage from 0 to 100' };
  }
  const attempts = draft.maxAttempts.trim();
  const maxAttempts = attempts === '' ? null : Number(attempts);
  if (maxAttempts !== null && (!Number.isInteger(maxAttempts) || maxAttempts < 1)) {
    return { problem: 'Attempts must be a whole number of at least 1' };
  }
  if (maxAttempts !== null && maxAttempts > 1000) return { problem: 'Attempts can be at most 1000' };
  if (draft.questions.length === 0) return { problem: 'A quiz needs at least one question' };
  for (const [i, q] of draft.questions.entries()) {
    const problem = questionProblem(q);
    if (problem) return { problem: `Question ${i + 1}: ${problem}` };
  }
  return {
    quiz: {
      title,
      passPercent,
      maxAttempts,
      sectionId: draft.sectionId || null,
      questions: draft.questions.map((q) => ({
        prompt: q.prompt.trim(),
        kind: q.kind,
        options: q.options.map((o) => o.trim()),
        correct: [...q.correct].sort((a, b) => a - b),
        ...(q.explanation.trim() ? { explanation: q.explanation.trim() } : {}),
      })),
    },
  };
}

/**
 * The course creator's quizzes (/editquizzes/{courseId}): each with its title, pass mark,
 * attempts and place in the course, and a form to add, change or remove them.
 */
export function QuizEditor({ courseId, sections }: { courseId: string; sections: QuizSection[] }) {
  const quizzes = useCourseQuizzes(courseId);
  const [editing, setEditing] = useState<{ quiz?: Quiz } | null>(null);
  const [removing, setRemoving] = useState<Quiz | null>(null);
  const remove = useRemoveQuiz(courseId);
  const sectionTitle = (id: string | null) => sections.find((s) => s._id === id)?.title;

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
        <p className="text-sm text-muted">
          Learners must pass every quiz, and complete every lecture, to get the course certificate.
        </p>
        <Button onClick={() => setEditing({})} icon={<Plus size={16} aria-hidden="true" />}>
          New quiz
        </Button>
      </div>
      {quizzes.isPending ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : quizzes.isError ? (
        <ErrorState
          title="The quizzes could not be loaded. Try again."
          onRetry={() => void quizzes.refetch()}
          retrying={quizzes.isFetching}
        />
      ) : quizzes.data.length === 0 ? (
        <EmptyState title="No quizzes yet" icon={<ClipboardList size={40} />}>
          Add a quiz to check what learners took away from a section or the whole course.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {quizzes.data.map((quiz) => (
            <li key={quiz._id}>
              <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <h3 className="font-semibold text-ink">{quiz.title}</h3>
                  <p className="text-sm text-muted">
                    {quiz.questions.length} {quiz.questions.length === 1 ? 'question' : 'questions'} · pass mark{' '}
                    {quiz.passPercent}% ·{' '}
                    {quiz.maxAttempts === null
                      ? 'unlimited attempts'
                      : `${quiz.maxAttempts} ${quiz.maxAttempts === 1 ? 'attempt' : 'attempts'}`}{' '}
                    ·{' '}
                    {quiz.sectionId && sectionTitle(quiz.sectionId)
                      ? `after “${sectionTitle(quiz.sectionId)}”`
                      : 'at the end of the course'}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setEditing({ quiz })}
                    icon={<Pencil size={16} aria-hidden="true" />}
                    aria-label={`Edit quiz ${quiz.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setRemoving(quiz)}
                    icon={<Trash2 size={16} aria-hidden="true" />}
                    aria-label={`Remove quiz ${quiz.title}`}
                  >
                    Remove
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!removing}
        title="Remove this quiz?"
        confirmLabel="Remove quiz"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing._id, {
            onSuccess: (res) => {
              toast.success(res.message || QUIZ_MESSAGES.removed);
              setRemoving(null);
            },
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      >
        “{removing?.title}” will be removed with every learner's attempts. Certificates already issued stay.
      </ConfirmDialog>
    </div>
  );
}

function QuizForm({
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
  const [draft, setDraft] = useState<Draft>(() => draftOf(quiz));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveQuiz(courseId);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setQuestion = (key: number, patch: Partial<DraftQuestion>) =>
    setDraft((d) => ({ ...d, questions: d.questions.map((q) => (q.key === key ? { ...q, ...patch } : q)) }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = toRequest(draft);
    if ('problem' in checked) {
      setProblem(checked.problem);
      toast.error(checked.problem);
      return;
    }
    setProblem(null);
    save.mutate(
      { quizId: quiz?._id, quiz: checked.quiz },
      {
        onSuccess: (res) => {
          toast.success(res.message || (quiz ? QUIZ_MESSAGES.updated : QUIZ_MESSAGES.created));
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Card className="flex flex-col gap-4 p-5">
        <h2 className="text-lg font-bold text-ink">{quiz ? 'Edit quiz' : 'New quiz'}</h2>
        <TextInput label="Quiz title" value={draft.title} onChange={(e) => set({ title: e.target.value })} required />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextInput
            label="Pass mark (%)"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            value={draft.passPercent}
            onChange={(e) => set({ passPercent: e.target.value })}
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
            onChange={(e) => set({ maxAttempts: e.target.value })}
          />
          <Field label="Shown after">
            {(id, describedBy) => (
              <select
                id={id}
                aria-describedby={describedBy}
                className={controlClass}
                value={draft.sectionId}
                onChange={(e) => set({ sectionId: e.target.value })}
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

      <ol className="flex flex-col gap-4">
        {draft.questions.map((q, i) => (
          <li key={q.key}>
            <QuestionEditor
              question={q}
              number={i + 1}
              canRemove={draft.questions.length > 1}
              onChange={(patch) => setQuestion(q.key, patch)}
              onRemove={() => set({ questions: draft.questions.filter((x) => x.key !== q.key) })}
            />
          </li>
        ))}
      </ol>
      <div>
        <Button
          variant="secondary"
          onClick={() => set({ questions: [...draft.questions, blankQuestion()] })}
          icon={<Plus size={16} aria-hidden="true" />}
        >
          Add question
        </Button>
      </div>

      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={save.isPending}>
          {quiz ? 'Save quiz' : 'Create quiz'}
        </Button>
      </div>
    </form>
  );
}

function QuestionEditor({
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
  const correctName = useId();
  const many = q.kind === 'multiple';
  const trueFalse = q.kind === 'truefalse';
  const setKind = (kind: QuizKind) => {
    if (kind === 'truefalse')
      onChange({ kind, options: ['True', 'False'], correct: q.correct.slice(0, 1).filter((c) => c < 2) });
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
        <h3 className="font-semibold text-ink">Question {number}</h3>
        {canRemove && (
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            icon={<Trash2 size={16} aria-hidden="true" />}
            aria-label={`Remove question ${number}`}
          >
            Remove
          </Button>
        )}
      </div>
      <TextArea
        label={`Question ${number} text`}
        rows={2}
        value={q.prompt}
        onChange={(e) => onChange({ prompt: e.target.value })}
        required
      />
      <Field label={`Question ${number} type`}>
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
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-ink">
          Options{' '}
          <span className="font-normal text-muted">({many ? 'tick every correct one' : 'choose the correct one'})</span>
        </legend>
        {q.options.map((option, i) => (
          <div key={i} className="flex items-center gap-2">
            <label className="flex h-11 shrink-0 cursor-pointer items-center gap-2 rounded-lg border border-line px-3 text-xs font-medium text-ink">
              <input
                type={many ? 'checkbox' : 'radio'}
                name={correctName}
                checked={q.correct.includes(i)}
                onChange={(e) => markCorrect(i, e.target.checked)}
                className="size-4 accent-ink"
                aria-label={`Option ${i + 1} is correct`}
              />
              <span aria-hidden="true">Correct</span>
            </label>
            <input
              className={`${controlClass} read-only:bg-surface`}
              aria-label={`Question ${number} option ${i + 1}`}
              value={option}
              readOnly={trueFalse}
              placeholder={`Option ${i + 1}`}
              onChange={(e) => onChange({ options: q.options.map((o, j) => (j === i ? e.target.value : o)) })}
            />
            {!trueFalse && q.options.length > QUIZ_OPTIONS_MIN && (
              <button
                type="button"
                onClick={() => removeOption(i)}
                aria-label={`Remove option ${i + 1}`}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-ink"
              >
                <X size={18} aria-hidden="true" />
              </button>
            )}
          </div>
        ))}
        {!trueFalse && q.options.length < QUIZ_OPTIONS_MAX && (
          <div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onChange({ options: [...q.options, ''] })}
              icon={<Plus size={16} aria-hidden="true" />}
            >
              Add option
            </Button>
          </div>
        )}
      </fieldset>
      <TextArea
        label={`Question ${number} explanation (optional)`}
        rows={2}
        placeholder="Shown to learners with the correct answer after they submit"
        value={q.explanation}
        onChange={(e) => onChange({ explanation: e.target.value })}
      />
    </Card>
  );
}
