import type { Course } from '@kaksha/contracts';
import { FilePenLine } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../../components/ui/Button';
import { Card, EmptyState, Skeleton } from '../../../../components/ui/Card';
import { Chip } from '../../../../components/ui/Chip';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { formatPrice } from '../../../../lib/format';
import { useCreatorCourses } from '../../api/manage-creator-courses';
import { CourseThumb } from './CourseThumb';

const Status = ({ published }: { published: boolean }) =>
  published ? <Chip tone="green">Published</Chip> : <Chip tone="red">Draft</Chip>;

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

/** /courses: the educator's courses, a table on wide screens and cards on narrow ones (spec §2). */
export default function CoursesPage() {
  const { data: courses, isPending, isError } = useCreatorCourses();
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
        <EmptyState title="Your courses could not be loaded">Please try again in a moment.</EmptyState>
      ) : courses.length === 0 ? (
        <EmptyState title="No courses yet">Create your first course to see it here.</EmptyState>
      ) : (
        <>
          <Card className="hidden overflow-hidden md:block">
            <table className="w-full text-left text-sm">
              <caption className="caption-bottom py-4 text-center text-sm text-muted">
                A list of your recent courses.
              </caption>
              <thead className="bg-surface text-xs uppercase tracking-wide text-muted">
                <tr>
                  <th scope="col" className="px-5 py-3">
                    Course
                  </th>
                  <th scope="col" className="px-5 py-3">
                    Price
                  </th>
                  <th scope="col" className="px-5 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-5 py-3 text-right">
                    Action
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {courses.map((course) => (
                  <tr key={course._id} className="hover:bg-surface/60">
                    <td className="px-5 py-3">
                      <div className="flex items-center gap-4">
                        <CourseThumb
                          src={course.thumbnail}
                          srcSet={course.thumbnailSrcSet}
                          title={course.title}
                          className="w-24 shrink-0"
                        />
                        <span className="font-medium text-ink">{course.title}</span>
                      </div>
                    </td>
                    <td className="whitespace-nowrap px-5 py-3">{formatPrice(course.price)}</td>
                    <td className="px-5 py-3">
                      <Status published={course.isPublished} />
                    </td>
                    <td className="px-5 py-3 text-right">
                      <EditLink course={course} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <div className="md:hidden">
            <ul className="flex flex-col gap-3">
              {courses.map((course) => (
                <li key={course._id}>
                  <Card className="flex items-center gap-3 p-3">
                    <CourseThumb
                      src={course.thumbnail}
                      srcSet={course.thumbnailSrcSet}
                      title={course.title}
                      className="w-20 shrink-0"
                    />
                    <div className="flex min-w-0 flex-1 flex-col gap-1">
                      <p className="line-clamp-2 text-sm font-semibold text-ink">{course.title}</p>
                      <div className="flex flex-wrap items-center gap-2 text-sm">
                        <span>{formatPrice(course.price)}</span>
                        <Status published={course.isPublished} />
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
