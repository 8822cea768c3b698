import { useParams } from 'react-router';
import { Card, EmptyState, Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { useT } from '@/i18n';
import { useCourseLectures } from '../api/course-lectures';
import { LectureForm } from '../components/edit-lecture/LectureForm';
import { LectureMediaSettings } from '../components/LectureMediaSettings';
import { LectureResourcesEditor } from '../components/LectureResourcesEditor';

/** /editlecture/{courseId}/{lectureId}: title, video upload with progress, free preview, remove (spec §2). */
export default function EditLecturePage() {
  const t = useT();
  const { courseId = '', lectureId = '' } = useParams();
  const { data: course, isPending, isError, isFetching, refetch } = useCourseLectures(courseId);
  const lecture = course?.lectures.find((l) => l._id === lectureId);
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader
        title={t('lectures.edit.pageTitle')}
        back={`/createlecture/${courseId}`}
        backLabel={t('lectures.edit.backToLectures')}
      />
      {isPending ? (
        <Card className="flex flex-col gap-4 p-6">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </Card>
      ) : lecture ? (
        <LectureForm key={lecture._id} courseId={courseId} lecture={lecture} />
      ) : isError ? (
        <ErrorState title={t('lectures.edit.loadFailed')} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <EmptyState title={t('lectures.edit.notFound')}>{t('lectures.edit.removed')}</EmptyState>
      )}
      {lecture && <LectureMediaSettings key={lecture._id} courseId={courseId} lecture={lecture} />}
      {lecture && <LectureResourcesEditor key={lecture._id} courseId={courseId} lecture={lecture} />}
    </section>
  );
}
