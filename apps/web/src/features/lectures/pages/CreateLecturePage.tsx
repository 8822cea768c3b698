import { LECTURE_TITLE_MAX, MESSAGES } from '@kaksha/contracts';
import { FilePenLine, PlayCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card, EmptyState, Skeleton } from '../../../components/ui/Card';
import { Chip } from '../../../components/ui/Chip';
import { ErrorState } from '../../../components/ui/ErrorState';
import { TextInput } from '../../../components/ui/Field';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ApiError, errorMessage } from '../../../lib/api';
import { useCourseLectures } from '../api/course-lectures';
import { useCreateLecture } from '../api/create-lecture';

/** /createlecture/{courseId}: the course's lectures in order, and a form to add one by title (spec §2). */
export default function CreateLecturePage() {
  const { courseId = '' } = useParams();
  const { data: course, isPending, isError, isFetching, refetch } = useCourseLectures(courseId);
  const create = useCreateLecture(courseId);
  const [lectureTitle, setLectureTitle] = useState('');
  const fieldError = create.error instanceof ApiError ? create.error.fields?.lectureTitle : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(lectureTitle, {
      onSuccess: () => {
        toast.success(MESSAGES.lectureCreated);
        setLectureTitle('');
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader title="Lectures" back={`/addcourses/${courseId}`} backLabel="Back to course" />
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-ink">Let's Add a Lecture</h2>
        <p className="mb-5 text-sm text-muted">
          Enter the title and add your video lectures to enhance your course content.
          {course && (
            <>
              {' '}
              Course: <span className="font-medium text-ink">{course.title}</span>
            </>
          )}
        </p>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <TextInput
            label="Lecture Title"
            name="lectureTitle"
            value={lectureTitle}
            onChange={(e) => setLectureTitle(e.target.value)}
            placeholder="e.g. Introduction to MERN Stack"
            maxLength={LECTURE_TITLE_MAX}
            error={fieldError}
          />
          <div className="flex flex-wrap gap-3">
            <ButtonLink to={`/addcourses/${courseId}`} variant="secondary">
              Back to Course
            </ButtonLink>
            <Button type="submit" busy={create.isPending}>
              Create Lecture
            </Button>
          </div>
        </form>
      </Card>

      <h2 className="mb-3 mt-8 text-lg font-semibold text-ink">
        All Lectures{course ? ` (${course.lectures.length})` : ''}
      </h2>
      {isPending ? (
        <div className="flex flex-col gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : isError || !course ? (
        <ErrorState
          title="The lectures could not be loaded. Check your connection and try again."
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : course.lectures.length === 0 ? (
        <EmptyState title="No lectures yet" icon={<PlayCircle size={32} />}>
          Add your first lecture above, then upload its video.
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-2">
          {course.lectures.map((lecture, i) => (
            <li key={lecture._id}>
              <Card className="flex items-center gap-3 px-4 py-3">
                <span className="min-w-0 flex-1 text-sm text-ink">
                  <span className="font-semibold">Lecture - {i + 1}:</span> {lecture.lectureTitle}
                </span>
                <span className="hidden gap-2 sm:flex">
                  {lecture.isPreviewFree && <Chip tone="brand">Free preview</Chip>}
                  {lecture.videoUrl ? <Chip tone="green">Video</Chip> : <Chip>No video</Chip>}
                </span>
                <Link
                  to={`/editlecture/${courseId}/${lecture._id}`}
                  aria-label={`Edit lecture ${i + 1}: ${lecture.lectureTitle}`}
                  title="Edit lecture"
                  className="rounded-full p-2 text-ink hover:bg-surface"
                >
                  <FilePenLine size={20} aria-hidden="true" />
                </Link>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
