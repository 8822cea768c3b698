import { QA_BODY_MAX, QA_TITLE_MAX, type Question } from '@kaksha/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { TextArea, TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useAsk } from '../api/changes';
import { formatMoment } from './moment';
import { SuggestedAnswers } from './SuggestedAnswers';

export interface Draft {
  title: string;
  body: string;
}
type About = 'moment' | 'lecture' | 'course';

/**
 * A new question: its title (with "Suggested answers" found as it is typed), its text, and what it
 * is about: the moment of the lecture it was asked at (`at`), the lecture, or the whole course.
 * The draft is kept by the panel, so opening a suggestion and coming back keeps what was typed.
 */
export function AskQuestionForm({
  courseId,
  lecture,
  at,
  draft,
  onDraft,
  onOpen,
  onDone,
}: {
  courseId: string;
  lecture: { _id: string; lectureTitle: string } | null;
  at: number | null;
  draft: Draft;
  onDraft: (draft: Draft) => void;
  onOpen: (question: Question) => void;
  onDone: (question: Question | null) => void;
}) {
  const t = useT();
  const ask = useAsk();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [about, setAbout] = useState<About>(at !== null && lecture ? 'moment' : lecture ? 'lecture' : 'course');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The title is where the learner starts typing.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);

  const choices: { id: About; label: string }[] = [
    ...(at !== null && lecture
      ? [{ id: 'moment' as const, label: t('qa.aboutMoment', { time: formatMoment(at) }) }]
      : []),
    ...(lecture ? [{ id: 'lecture' as const, label: t('qa.aboutLecture', { lecture: lecture.lectureTitle }) }] : []),
    { id: 'course', label: t('qa.aboutCourse') },
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!draft.title.trim()) missing.title = t('qa.titleRequired');
    if (!draft.body.trim()) missing.body = t('qa.bodyRequired');
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      // The first field to fix takes the focus (the title is the form's only input).
      formRef.current?.querySelector<HTMLElement>(missing.title ? 'input' : 'textarea')?.focus();
      return;
    }
    ask.mutate(
      {
        courseId,
        lectureId: about !== 'course' ? (lecture?._id ?? null) : null,
        timestampSec: about === 'moment' ? at : null,
        title: draft.title.trim(),
        body: draft.body,
      },
      {
        onSuccess: (question) => {
          toast.success(t('qa.askedToast'));
          onDone(question);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          toast.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} aria-labelledby={headingId} noValidate className="flex flex-col gap-4">
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        {t('qa.askTitle')}
      </h3>
      <TextInput
        label={t('qa.titleLabel')}
        value={draft.title}
        maxLength={QA_TITLE_MAX}
        error={errors.title}
        hint={t('qa.titleHint', { count: QA_TITLE_MAX - draft.title.length })}
        onChange={(e) => onDraft({ ...draft, title: e.target.value })}
      />
      <SuggestedAnswers courseId={courseId} text={draft.title} onOpen={onOpen} />
      <TextArea
        label={t('qa.bodyLabel')}
        value={draft.body}
        rows={6}
        maxLength={QA_BODY_MAX}
        error={errors.body}
        onChange={(e) => onDraft({ ...draft, body: e.target.value })}
      />
      <p className="-mt-2 text-xs text-muted">{t('qa.bodyHint')}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-ink">{t('qa.aboutLabel')}</legend>
        {choices.map((c) => (
          <label key={c.id} className="flex min-h-6 items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name="about"
              checked={about === c.id}
              onChange={() => setAbout(c.id)}
              className="size-4 accent-ink"
            />
            {c.label}
          </label>
        ))}
        {errors.timestampSec && <p className="text-xs text-red-700">{errors.timestampSec}</p>}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => onDone(null)} disabled={ask.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={ask.isPending}>
          {t('qa.post')}
        </Button>
      </div>
    </form>
  );
}
