import { Card } from '@/components/ui/Card';
import { controlClass, Field, TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';
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
  const t = useT();
  return (
    <Card className="flex flex-col gap-4 p-5">
      <h2 className="text-lg font-bold text-ink">{heading}</h2>
      <TextInput
        label={t('quizEditor.title')}
        value={draft.title}
        onChange={(e) => onChange({ title: e.target.value })}
        required
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput
          label={t('quizEditor.passMark')}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          value={draft.passPercent}
          onChange={(e) => onChange({ passPercent: e.target.value })}
          required
        />
        <TextInput
          label={t('quizEditor.attempts')}
          type="number"
          inputMode="numeric"
          min={1}
          placeholder={t('quiz.unlimited')}
          hint={t('quizEditor.attemptsHint')}
          value={draft.maxAttempts}
          onChange={(e) => onChange({ maxAttempts: e.target.value })}
        />
        <Field label={t('quizEditor.shownAfter')}>
          {(id, describedBy) => (
            <select
              id={id}
              aria-describedby={describedBy}
              className={controlClass}
              value={draft.sectionId}
              onChange={(e) => onChange({ sectionId: e.target.value })}
            >
              <option value="">{t('quizEditor.endOfCourse')}</option>
              {sections.map((s) => (
                <option key={s._id} value={s._id}>
                  {t('quizEditor.sectionOption', { title: s.title })}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label={t('quizEditor.showAnswers')} hint={t('quizEditor.showAnswersHint')}>
        {(id, describedBy) => (
          <select
            id={id}
            aria-describedby={describedBy}
            className={controlClass}
            value={draft.showAnswers}
            onChange={(e) => onChange({ showAnswers: e.target.value as Draft['showAnswers'] })}
          >
            <option value="always">{t('quizEditor.show.always')}</option>
            <option value="after-pass">{t('quizEditor.show.afterPass')}</option>
            <option value="never">{t('quizEditor.show.never')}</option>
          </select>
        )}
      </Field>
    </Card>
  );
}
