import type { Course } from '@kaksha/contracts';
import { Link } from 'react-router';
import { Card, Skeleton } from '@/components/ui/Card';
import { Table } from '@/components/ui/Table';
import { useT } from '@/i18n';
import { useCourseOutcomes } from '../api/manage-course-outcomes';

interface Row {
  courseId: string;
  title: string;
  quizPassRate: number | null;
  certificatesIssued: number;
  unansweredQuestions: number;
}

/**
 * The dashboard's learning outcomes per course: the share of learners' quiz attempts that
 * ended in a pass, the certificates issued, and the learners' questions still waiting for an answer
 * (a link to them in the inbox). Courses in the order of `courses`.
 */
export function CourseOutcomes({ courses }: { courses: Course[] }) {
  const t = useT();
  const { data, isPending, isError } = useCourseOutcomes();
  const heading = (
    <h2 id="outcomes-title" className="text-xl font-bold text-ink">
      {t('outcomes.title')}
    </h2>
  );
  if (isPending) {
    return (
      <Card className="flex flex-col gap-3 p-5">
        {heading}
        <Skeleton className="h-24 w-full" />
      </Card>
    );
  }
  if (isError) {
    return (
      <Card className="flex flex-col gap-3 p-5">
        {heading}
        <p className="text-sm text-muted">{t('outcomes.failed')}</p>
      </Card>
    );
  }
  const byCourse = new Map(data.map((o) => [o.courseId, o]));
  const rows: Row[] = courses.map((c) => ({
    courseId: c._id,
    title: c.title,
    quizPassRate: byCourse.get(c._id)?.quizPassRate ?? null,
    certificatesIssued: byCourse.get(c._id)?.certificatesIssued ?? 0,
    unansweredQuestions: byCourse.get(c._id)?.unansweredQuestions ?? 0,
  }));
  const unanswered = (r: Row) => (
    <Link
      to={`/educator/questions?courseId=${r.courseId}`}
      aria-label={t('qaDashboard.link', { count: r.unansweredQuestions, course: r.title })}
      className="font-semibold text-ink underline"
    >
      {r.unansweredQuestions}
    </Link>
  );
  return (
    <section aria-labelledby="outcomes-title" className="flex flex-col gap-3">
      {heading}
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t('outcomes.none')}</p>
      ) : (
        <>
          {/* Phones: one card per course (a wide table would scroll sideways). */}
          <ul className="flex flex-col gap-3 sm:hidden">
            {rows.map((r) => (
              <li key={r.courseId}>
                <Card className="flex flex-col gap-2 p-4">
                  <h3 className="font-semibold text-ink">{r.title}</h3>
                  <dl className="grid grid-cols-3 gap-2 text-sm">
                    <div>
                      <dt className="text-muted">{t('outcomes.passRate')}</dt>
                      <dd className="font-semibold text-ink">
                        {r.quizPassRate === null ? t('outcomes.noAttempts') : `${r.quizPassRate}%`}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-muted">{t('outcomes.certificates')}</dt>
                      <dd className="font-semibold text-ink">{r.certificatesIssued}</dd>
                    </div>
                    <div>
                      <dt className="text-muted">{t('qaDashboard.column')}</dt>
                      <dd>{unanswered(r)}</dd>
                    </div>
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
          <Table
            className="hidden sm:block"
            rows={rows}
            rowKey={(r) => r.courseId}
            caption={t('outcomes.caption')}
            columns={[
              { header: t('outcomes.course'), cell: (r) => <span className="font-medium text-ink">{r.title}</span> },
              {
                header: t('outcomes.passRate'),
                className: 'whitespace-nowrap text-right',
                cell: (r) =>
                  r.quizPassRate === null ? (
                    <span className="text-muted">{t('outcomes.noAttempts')}</span>
                  ) : (
                    `${r.quizPassRate}%`
                  ),
              },
              {
                header: t('outcomes.certificates'),
                className: 'whitespace-nowrap text-right',
                cell: (r) => r.certificatesIssued,
              },
              { header: t('qaDashboard.column'), className: 'whitespace-nowrap text-right', cell: unanswered },
            ]}
          />
        </>
      )}
    </section>
  );
}
