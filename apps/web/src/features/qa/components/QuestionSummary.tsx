import type { Question } from '@kaksha/contracts';
import { MessageSquare, ThumbsUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import { formatTimeAgo } from '@/lib/time-ago';
import { formatMoment } from './moment';
import { QuestionBadges } from './QuestionBadges';

/** The first lines of a post, without its code fences: a list shows what it is about. */
const excerpt = (body: string) =>
  body
    .replace(/```[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A question in a list: its title (opens it), the start of its text, who asked when and about
 * which moment, votes and answers, and its standing. `where` adds the course and lecture (the inbox).
 */
export function QuestionSummary({
  question,
  onOpen,
  where,
  headingLevel = 4,
}: {
  question: Question;
  onOpen: () => void;
  where?: ReactNode;
  headingLevel?: 3 | 4;
}) {
  const t = useT();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="flex gap-3 py-3">
      <div className="flex w-12 shrink-0 flex-col items-center gap-1 pt-0.5 text-xs text-muted">
        <span className="flex items-center gap-1" title={t('qa.votes', { count: question.votes })}>
          <ThumbsUp size={14} aria-hidden="true" />
          <span className="sr-only">{t('qa.votes', { count: question.votes })}</span>
          <span aria-hidden="true">{question.votes}</span>
        </span>
        <span className="flex items-center gap-1" title={t('qa.answers', { count: question.answerCount })}>
          <MessageSquare size={14} aria-hidden="true" />
          <span className="sr-only">{t('qa.answers', { count: question.answerCount })}</span>
          <span aria-hidden="true">{question.answerCount}</span>
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {where}
        <Heading className="text-sm font-semibold text-ink">
          <button
            type="button"
            onClick={onOpen}
            className="min-h-6 break-words text-left hover:underline focus-visible:underline"
          >
            {question.title}
          </button>
        </Heading>
        <p className="line-clamp-2 break-words text-sm text-muted">{excerpt(question.body)}</p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
          <span>
            {question.author.name} · {formatTimeAgo(question.createdAt)}
          </span>
          {question.timestampSec !== null && (
            <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">
              {t('qa.atMoment', { time: formatMoment(question.timestampSec) })}
            </span>
          )}
          <QuestionBadges question={question} />
        </p>
      </div>
    </article>
  );
}
