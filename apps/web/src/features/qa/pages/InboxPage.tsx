import { QA_STATUSES, type QaStatus } from '@kaksha/contracts';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Card, EmptyState } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { useT } from '@/i18n';
import { useInbox } from '../api/inbox';
import { QuestionDetail } from '../components/QuestionDetail';
import { QuestionList, questionPages } from '../components/QuestionList';
import { QuestionSummary } from '../components/QuestionSummary';

const isStatus = (s: string | null): s is QaStatus => QA_STATUSES.includes(s as QaStatus);

/**
 * /educator/questions (issue #30): the questions on the educator's courses, oldest first, the
 * unanswered ones unless another status is chosen; one course's with `?courseId=` (from the
 * dashboard). A question opens in place, with its answers and the answer box.
 */
export default function InboxPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as QaStatus) : 'unanswered';
  const courseId = params.get('courseId');
  const query = useInbox(status, courseId);
  const [openId, setOpenId] = useState<string | null>(null);
  const pages = questionPages(query);
  const unanswered = query.data?.pages[0]?.unansweredCount;
  const courseTitle = pages.questions[0]?.courseTitle;

  const setStatus = (next: QaStatus) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.set('status', next);
      return p;
    });
  const detail = (id: string) => (
    <Card className="my-3 p-4 sm:p-5">
      <QuestionDetail id={id} onBack={() => setOpenId(null)} backLabel={t('qa.close')} />
    </Card>
  );
  const labels: Record<QaStatus, string> = {
    unanswered: t('qa.unanswered'),
    all: t('qa.statusAll'),
    answered: t('qa.answered'),
  };

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-8">
      <PageHeader title={t('qa.inboxTitle')} back="/dashboard" backLabel={t('qa.backToDashboard')} />
      <p className="-mt-4 text-muted" role="status">
        {unanswered === undefined ? '\u00a0' : t('qa.inboxCount', { count: unanswered })}
      </p>
      <fieldset className="flex w-fit flex-wrap rounded-lg border border-line bg-surface p-1">
        <legend className="sr-only">{t('qa.statusLabel')}</legend>
        {(['unanswered', 'all', 'answered'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
            className="min-h-9 rounded-md px-3 text-sm font-medium text-muted aria-pressed:bg-white aria-pressed:text-ink aria-pressed:shadow-sm"
          >
            {labels[s]}
          </button>
        ))}
      </fieldset>
      {courseId && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink">
          {courseTitle ? t('qa.inboxOneCourse', { course: courseTitle }) : t('qa.inboxOneCourseUnnamed')}
          <Link to={`/educator/questions?status=${status}`} className="font-semibold underline">
            {t('qa.inboxAllCourses')}
          </Link>
        </p>
      )}
      {openId && !pages.questions.some((q) => q._id === openId) && detail(openId)}
      <QuestionList
        pages={pages}
        empty={
          <EmptyState title={status === 'unanswered' ? t('qa.inboxEmpty') : t('qa.none')} icon={<Inbox size={36} />} />
        }
        renderItem={(q) =>
          q._id === openId ? (
            detail(q._id)
          ) : (
            <QuestionSummary
              question={q}
              headingLevel={3}
              onOpen={() => setOpenId(q._id)}
              where={
                <p className="text-xs font-medium text-muted">
                  {q.lectureTitle ? `${q.courseTitle} · ${q.lectureTitle}` : q.courseTitle}
                </p>
              }
            />
          )
        }
      />
    </section>
  );
}
