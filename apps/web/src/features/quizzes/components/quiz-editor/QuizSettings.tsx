import { Card } from '@/components/ui/Card';
import { controlClass, Field, TextInput } from '@/components/ui/Field';
import type { Draft } from './draft';

export interface QuizSection {
  _id: string;
  title: string;
}

/** The quiz's title, pass mark, attempts, place in the course and what a graded attempt shows. */
export function QuizSettings({
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
      <Field label="Show answers" hint="The correct options and explanations, after a learner submits.">
        {(id, describedBy) => (
          <select
            id={id}
            aria-describedby={describedBy}
            className={controlClass}
            value={draft.showAnswers}
            onChange={(e) => onChange({ showAnswers: e.target.value as Draft['showAnswers'] })}
          >
            <option value="always">After every attempt</option>
            <option value="after-pass">Once the learner passes</option>
            <option value="never">Never (the score only)</option>
          </select>
        )}
      </Field>
    </Card>
  );
}
