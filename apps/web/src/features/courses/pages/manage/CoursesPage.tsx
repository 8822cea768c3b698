import type { Course } from '@kaksha/contracts';
import { FilePenLine } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/Button';
import { Card, EmptyState, Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Table, type TableColumn } from '@/components/ui/Table';
import { formatPrice } from '@/lib/format';
import { useCreatorCourses } from '../../api/manage-creator-courses';
import { CourseThumbnail } from '../../components/CourseThumbnail';
import { StatusChip } from '../../components/StatusChip';

const EditLink = ({ course }: { course: Course }) => (
  <Link
    to={`/addcourses/${course._id}`}
    aria-label={`Edit ${course.title}`}
    title="Edit course"
    className="inline-flex rounded-full p-2 text-ink hover:bg-surface"
  >
    <FilePenLine size={20} aria-hidden="true" />
  </Link>
);

const COLUMNS: TableColumn<Course>[] = [
  {
    header: 'Course',
    cell: (course) => (
      <div className="flex items-center gap-4">
        <CourseThumbnail course={course} sizes="96px" width={160} widthClass="w-24" className="shrink-0 rounded-md" />
        <span className="font-medium text-ink">{course.title}</span>
      </div>
    ),
  },
  { header: 'Price', cell: (course) => formatPrice(course.price), className: 'whitespace-nowrap' },
  { header: 'Status', cell: (course) => <StatusChip published={course.isPublished} /> },
  { header: 'Action', cell: (course) => <EditLink course={course} />, className: 'text-right' },
];

/** /courses: the educator's courses, a table on wide screens and cards on narrow ones (spec §2). */
export default function CoursesPage() {
  const { data: courses, isPending, isError, isFetching, refetch } = useCreatorCourses();
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader
        title="Courses"
        back="/dashboard"
        backLabel="Back to dashboard"
        actions={<ButtonLink to="/createcourses">Create Course</ButtonLink>}
      />
      {isPending ? (
        <div className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : isError ? (
        <ErrorState
          title="Your courses could not be loaded. Check your connection and try again."
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : courses.length === 0 ? (
        <EmptyState title="No courses yet">Create your first course to see it here.</EmptyState>
      ) : (
        <>
          <Table
            className="hidden md:block"
            caption="A list of your recent courses."
            rows={courses}
            rowKey={(course) => course._id}
            columns={COLUMNS}
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
            <p className="py-4 text-center text-sm text-muted">A list of your recent courses.</p>
          </div>
        </>
      )}
    </section>
  );
}
