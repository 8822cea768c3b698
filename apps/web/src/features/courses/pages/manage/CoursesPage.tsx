import type { Course } from '@kaksha/contracts';
import { FilePenLine } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/Button';
import { Card, EmptyState, Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Table, type TableColumn } from '@/components/ui/Table';
import { useT } from '@/i18n';
import { formatPrice } from '@/lib/format';
import { useCreatorCourses } from '../../api/manage-creator-courses';
import { CourseThumbnail } from '../../components/CourseThumbnail';
import { StatusChip } from '../../components/StatusChip';

function EditLink({ course }: { course: Course }) {
  const t = useT();
  return (
    <Link
      to={`/addcourses/${course._id}`}
      aria-label={t('manage.courses.edit', { title: course.title })}
      title={t('manage.courses.editTitle')}
      className="inline-flex rounded-full p-2 text-ink hover:bg-surface"
    >
      <FilePenLine size={20} aria-hidden="true" />
    </Link>
  );
}

const columns = (t: ReturnType<typeof useT>): TableColumn<Course>[] => [
  {
    header: t('outcomes.course'),
    cell: (course) => (
      <div className="flex items-center gap-4">
        <CourseThumbnail course={course} sizes="96px" width={160} widthClass="w-24" className="shrink-0 rounded-md" />
        <span className="font-medium text-ink">{course.title}</span>
      </div>
    ),
  },
  { header: t('catalog.priceLegend'), cell: (course) => formatPrice(course.price), className: 'whitespace-nowrap' },
  { header: t('manage.courses.status'), cell: (course) => <StatusChip published={course.isPublished} /> },
  { header: t('manage.courses.action'), cell: (course) => <EditLink course={course} />, className: 'text-right' },
];

/** /courses: the educator's courses, a table on wide screens and cards on narrow ones (spec §2). */
export default function CoursesPage() {
  const t = useT();
  const { data: courses, isPending, isError, isFetching, refetch } = useCreatorCourses();
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader
        title={t('titles.courses')}
        back="/dashboard"
        backLabel={t('manage.backToDashboard')}
        actions={<ButtonLink to="/createcourses">{t('titles.createCourse')}</ButtonLink>}
      />
      {isPending ? (
        <div className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : isError ? (
        <ErrorState title={t('manage.courses.loadFailed')} onRetry={() => void refetch()} retrying={isFetching} />
      ) : courses.length === 0 ? (
        <EmptyState title={t('manage.courses.none')}>{t('manage.courses.noneText')}</EmptyState>
      ) : (
        <>
          <Table
            className="hidden md:block"
            caption={t('manage.courses.caption')}
            rows={courses}
            rowKey={(course) => course._id}
            columns={columns(t)}
          />
          <div className="md:hidden">
            <ul className="flex flex-col gap-3">
              {courses.map((course) => (
                <li key={course._id}>
                  <Card className="flex items-center gap-3 p-3">
                    <CourseThumbnail
                      course={course}
                      sizes="80px"
                      width={160}
                      widthClass="w-20"
                      className="shrink-0 rounded-md"
                    />
                    <div className="flex min-w-0 flex-1 flex-col gap-1">
                      <p className="line-clamp-2 text-sm font-semibold text-ink">{course.title}</p>
                      <div className="flex flex-wrap items-center gap-2 text-sm">
                        <span>{formatPrice(course.price)}</span>
                        <StatusChip published={course.isPublished} />
                      </div>
                    </div>
                    <EditLink course={course} />
                  </Card>
                </li>
              ))}
            </ul>
            <p className="py-4 text-center text-sm text-muted">{t('manage.courses.caption')}</p>
          </div>
        </>
      )}
    </section>
  );
}
