import { useParams } from 'react-router';
import { Card, Skeleton } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { CourseLoadError, useCourse } from '@/features/courses';
import { QuizEditor } from '@/features/quizzes';
import { useT } from '@/i18n';

/** /editquizzes/{courseId}: the course creator adds, edits and removes the course's quizzes. */
export default function EditQuizzesPage() {
  const t = useT();
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  usePageTitle(course.data ? `${t('titles.quizzes')} · ${course.data.title}` : t('titles.quizzes'));
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <PageHeader
        title={course.data ? t('quizEditor.pageTitle', { title: course.data.title }) : t('titles.quizzes')}
        back={`/addcourses/${courseId}`}
        backLabel={t('viewer.backToCourse')}
      />
      {course.isPending ? (
        <Card className="flex flex-col gap-4 p-6">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </Card>
      ) : course.data ? (
        <QuizEditor
          courseId={courseId}
          sections={(course.data.sections ?? []).map((s) => ({ _id: s._id, title: s.title }))}
        />
      ) : (
        <CourseLoadError error={course.error} back="/courses" backLabel={t('manage.backToCourses')} />
      )}
    </section>
  );
}
