import { ChartLine, ClipboardList, ListVideo } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/Button';
import { Card, EmptyState, Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { useCourse } from '../../api/course';
import { CourseForm } from '../../components/course-form/CourseForm';

/**
 * /addcourses/{courseId}: edit every field and the thumbnail, publish or unpublish at once (with
 * the publish checklist), or delete (spec §2, issue #27); the form is in components/course-form/.
 */
export default function EditCoursePage() {
  const t = useT();
  const { courseId = '' } = useParams();
  const { data: course, isPending, error, isFetching, refetch } = useCourse(courseId);
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <PageHeader
        title={t('titles.editCourse')}
        back="/courses"
        backLabel={t('manage.backToCourses')}
        actions={
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={`/createlecture/${courseId}`} variant="secondary" size="sm">
              <ListVideo size={18} aria-hidden="true" />
              {t('manage.edit.lectures')}
            </ButtonLink>
            <ButtonLink to={`/editquizzes/${courseId}`} variant="secondary" size="sm">
              <ClipboardList size={18} aria-hidden="true" />
              {t('titles.quizzes')}
            </ButtonLink>
            <ButtonLink to={`/educator/analytics/${courseId}`} variant="secondary" size="sm">
              <ChartLine size={18} aria-hidden="true" />
              {t('analytics.title')}
            </ButtonLink>
          </div>
        }
      />
      {isPending ? (
        <Card className="flex flex-col gap-4 p-6">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </Card>
      ) : course ? (
        <CourseForm key={course._id} course={course} />
      ) : error instanceof ApiError && error.status === 404 ? (
        <EmptyState title={t('course.notFound')}>{errorMessage(error, t('manage.edit.deleted'))}</EmptyState>
      ) : (
        <ErrorState title={t('manage.edit.loadFailed')} onRetry={() => void refetch()} retrying={isFetching} />
      )}
    </section>
  );
}
