import { ArrowLeft } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { useQuestion } from '../api/questions';
import { AnswerForm } from './AnswerForm';
import { AnswerItem } from './AnswerItem';
import { AuthorLine } from './AuthorLine';
import { MomentLink, type Place } from './MomentLink';
import { PostText } from './PostText';
import { QuestionActions } from './QuestionActions';
import { QuestionBadges } from './QuestionBadges';

/**
 * A question with its answers (the accepted one first, the educator's marked) and the answer
 * box. Its title takes the focus when it opens, so a screen reader starts there.
 */
export function QuestionDetail({
  id,
  onBack,
  backLabel,
  ...place
}: { id: string; onBack: () => void; backLabel?: string } & Place) {
  const t = useT();
  const { data, isPending, error, refetch, isFetching } = useQuestion(id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const answersId = useId();
  const loaded = !!data;
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);

  const back = (
    <button
      type="button"
      onClick={onBack}
      className="flex min-h-9 w-fit items-center gap-2 rounded-lg px-2 text-sm font-medium text-ink hover:bg-surface"
    >
      <ArrowLeft size={16} aria-hidden="true" />
      {backLabel ?? t('qa.backToList')}
    </button>
  );
  if (isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        {back}
        <Skeleton className="h-7 w-3/4" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (error || !data) {
    const gone = error instanceof ApiError && error.status === 404;
    return (
      <div className="flex flex-col gap-3">
        {back}
        <ErrorState
          title={gone ? t('qa.questionGone') : t('qa.loadFailed')}
          onRetry={gone ? undefined : () => void refetch()}
          retrying={isFetching}
        />
      </div>
    );
  }
  const { question, answers, viewer } = data;
  return (
    <div className="flex flex-col gap-5">
      {back}
      <article className="flex flex-col gap-3">
        <h3 ref={headingRef} tabIndex={-1} className="break-words text-lg font-semibold text-ink outline-none">
          {question.title}
        </h3>
        <AuthorLine author={question.author} createdAt={question.createdAt} educator={false} />
        <div className="flex flex-wrap items-center gap-2">
          <MomentLink question={question} {...place} />
          <QuestionBadges question={question} />
        </div>
        <PostText text={question.body} />
        <QuestionActions question={question} viewer={viewer} onDeleted={onBack} />
      </article>
      <section aria-labelledby={answersId} className="flex flex-col gap-3">
        <h4 id={answersId} className="text-base font-semibold text-ink">
          {t('qa.answers', { count: answers.length })}
        </h4>
        {answers.length === 0 && <p className="text-sm text-muted">{t('qa.noAnswers')}</p>}
        <ul className="flex flex-col gap-3">
          {answers.map((a) => (
            <li key={a._id}>
              <AnswerItem answer={a} question={question} viewer={viewer} />
            </li>
          ))}
        </ul>
      </section>
      {question.locked ? (
        <p className="rounded-lg bg-surface px-4 py-3 text-sm text-muted" role="note">
          {t('qa.lockedNote')}
        </p>
      ) : (
        <AnswerForm questionId={question._id} />
      )}
    </div>
  );
}
