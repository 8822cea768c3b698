import { LECTURE_TITLE_MAX } from '@kaksha/contracts';
import { PlayCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button';
import { Card, EmptyState, Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { controlClass, Field, TextInput } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCourseLectures } from '../api/course-lectures';
import { useCreateLecture } from '../api/create-lecture';
import { AddSectionForm } from '../components/AddSectionForm';
import { CurriculumEditor, noSection } from '../components/CurriculumEditor';

/** The Section menu's value for the lectures outside any section. */
const NONE = 'none';

/**
 * /createlecture/{courseId}: the course's lectures in order, and a form to add one by title (spec §2);
 * sections group the lectures, and lectures move between and inside them.
 */
export default function CreateLecturePage() {
  const t = useT();
  const { courseId = '' } = useParams();
  const { data: course, isPending, isError, isFetching, refetch } = useCourseLectures(courseId);
  const create = useCreateLecture(courseId);
  const [lectureTitle, setLectureTitle] = useState('');
  const [sectionChoice, setSectionChoice] = useState<string>();
  const fieldError = create.error instanceof ApiError ? create.error.fields?.lectureTitle : undefined;
  const sections = course?.sections ?? [];
  // A new lecture goes to the last section unless another is chosen (the server's default too).
  const section =
    sectionChoice === NONE || sections.some((s) => s._id === sectionChoice)
      ? (sectionChoice as string)
      : (sections[sections.length - 1]?._id ?? NONE);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const sectionId = sections.length === 0 ? undefined : section === NONE ? null : section;
    create.mutate(
      { lectureTitle, sectionId },
      {
        onSuccess: () => {
          toast.success(t('messages.lectureCreated'));
          setLectureTitle('');
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader
        title={t('titles.lectures')}
        back={`/addcourses/${courseId}`}
        backLabel={t('lectures.backToCourse')}
      />
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-ink">{t('lectures.create.heading')}</h2>
        <p className="mb-5 text-sm text-muted">
          {t('lectures.create.intro')}
          {course && (
            <>
              {' '}
              {t('reviews.coursePrefix')} <span className="font-medium text-ink">{course.title}</span>
            </>
          )}
        </p>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <TextInput
            label={t('lectures.create.title')}
            name="lectureTitle"
            value={lectureTitle}
            onChange={(e) => setLectureTitle(e.target.value)}
            placeholder={t('lectures.create.titlePlaceholder')}
            maxLength={LECTURE_TITLE_MAX}
            error={fieldError}
          />
          {sections.length > 0 && (
            <Field label={t('lectures.section')}>
              {(id) => (
                <select
                  id={id}
                  name="sectionId"
                  value={section}
                  onChange={(e) => setSectionChoice(e.target.value)}
                  className={controlClass}
                >
                  <option value={NONE}>{noSection()}</option>
                  {sections.map((s) => (
                    <option key={s._id} value={s._id}>
                      {s.title}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <div className="flex flex-wrap gap-3">
            <ButtonLink to={`/addcourses/${courseId}`} variant="secondary">
              {t('lectures.backToCourseButton')}
            </ButtonLink>
            <Button type="submit" busy={create.isPending}>
              {t('titles.createLecture')}
            </Button>
          </div>
        </form>
      </Card>
      <AddSectionForm courseId={courseId} />

      <h2 className="mb-3 mt-8 text-lg font-semibold text-ink">
        {t('lectures.all')}
        {course ? ` (${course.lectures.length})` : ''}
      </h2>
      {isPending ? (
        <div className="flex flex-col gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : isError || !course ? (
        <ErrorState title={t('lectures.loadFailed')} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <>
          {course.lectures.length === 0 && (
            <EmptyState title={t('lectures.none')} icon={<PlayCircle size={32} />}>
              {t('lectures.noneText')}
            </EmptyState>
          )}
          <CurriculumEditor courseId={courseId} course={course} />
        </>
      )}
    </section>
  );
}
