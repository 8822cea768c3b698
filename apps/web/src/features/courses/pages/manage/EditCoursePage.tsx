import {
  CATEGORIES,
  COURSE_SUBTITLE_MAX,
  COURSE_TITLE_MAX,
  type Course,
  LEVELS,
  MAX_PRICE_INR,
  MESSAGES,
} from '@kaksha/contracts';
import { ClipboardList, ListVideo, Trash2 } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../../components/ui/Button';
import { Card, EmptyState, Skeleton } from '../../../../components/ui/Card';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { ErrorState } from '../../../../components/ui/ErrorState';
import { Select, TextArea, TextInput } from '../../../../components/ui/Field';
import { FileInput } from '../../../../components/ui/FileInput';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { ApiError, errorMessage } from '../../../../lib/api';
import { toast } from '../../../../lib/toast';
import { useCourse } from '../../api/course';
import { useEditCourse } from '../../api/manage-edit-course';
import { useRemoveCourse } from '../../api/manage-remove-course';
import { CourseThumbnail } from '../../components/CourseThumbnail';
import { StatusChip } from '../../components/StatusChip';

/** /addcourses/{courseId}: edit every field, the thumbnail, publish on Save, or delete (spec §2). */
export default function EditCoursePage() {
  const { courseId = '' } = useParams();
  const { data: course, isPending, error, isFetching, refetch } = useCourse(courseId);
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <PageHeader
        title="Edit Course"
        back="/courses"
        backLabel="Back to courses"
        actions={
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={`/createlecture/${courseId}`} variant="secondary" size="sm">
              <ListVideo size={18} aria-hidden="true" />
              Go to lectures page
            </ButtonLink>
            <ButtonLink to={`/editquizzes/${courseId}`} variant="secondary" size="sm">
              <ClipboardList size={18} aria-hidden="true" />
              Quizzes
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
        <EmptyState title="Course not found">{errorMessage(error, 'It may have been deleted.')}</EmptyState>
      ) : (
        <ErrorState
          title="The course could not be loaded. Check your connection and try again."
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      )}
    </section>
  );
}

function CourseForm({ course }: { course: Course }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState(course.title);
  const [subTitle, setSubTitle] = useState(course.subTitle);
  const [description, setDescription] = useState(course.description);
  const [category, setCategory] = useState<string>(course.category);
  const [level, setLevel] = useState<string>(course.level ?? '');
  const [price, setPrice] = useState(course.price === null ? '' : String(course.price));
  const [isPublished, setIsPublished] = useState(course.isPublished);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useEditCourse(course._id);
  const remove = useRemoveCourse(course._id);
  const busy = save.isPending || remove.isPending;
  const fields = save.error instanceof ApiError ? save.error.fields : undefined;

  useEffect(() => {
    if (!thumbnail) return setPreview(null);
    const url = URL.createObjectURL(thumbnail);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [thumbnail]);

  const pickThumbnail = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    if (file && !file.type.startsWith('image/')) {
      toast.error('Please choose an image file');
      e.target.value = '';
      setThumbnail(null);
      return;
    }
    setThumbnail(file);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { title, subTitle, description, category, level, price, isPublished, thumbnail },
      {
        onSuccess: () => {
          toast.success(MESSAGES.courseUpdated);
          navigate('/courses');
        },
        onError: (err) => toast.error(errorMessage(err, MESSAGES.somethingWentWrong)),
      },
    );
  };

  const doDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(MESSAGES.courseDeleted);
        navigate('/courses', { replace: true });
      },
      onError: (err) => {
        setConfirmDelete(false);
        toast.error(errorMessage(err));
      },
    });

  return (
    <Card className="p-5 sm:p-6">
      <div className="mb-6 flex flex-col gap-4 border-b border-line pb-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold text-ink">Add detail information regarding course</h2>
          <p className="text-sm text-muted">
            Now: <StatusChip published={course.isPublished} />
            {isPublished !== course.isPublished && (
              <span className="ml-2">
                After saving: <StatusChip published={isPublished} />
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button
            variant={isPublished ? 'secondary' : 'brand'}
            aria-pressed={isPublished}
            onClick={() => setIsPublished((p) => !p)}
            disabled={busy}
          >
            {isPublished ? 'Click to UnPublish' : 'Click to Publish'}
          </Button>
          <Button
            variant="danger"
            icon={<Trash2 size={16} aria-hidden="true" />}
            onClick={() => setConfirmDelete(true)}
            disabled={busy}
          >
            Remove Course
          </Button>
        </div>
      </div>

      <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
        <TextInput
          label="Title"
          name="title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={COURSE_TITLE_MAX}
          error={fields?.title}
        />
        <TextInput
          label="Subtitle"
          name="subTitle"
          value={subTitle}
          onChange={(e) => setSubTitle(e.target.value)}
          maxLength={COURSE_SUBTITLE_MAX}
          placeholder="One line that sells the course"
          error={fields?.subTitle}
        />
        <TextArea
          label="Description"
          name="description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          rows={5}
          placeholder="What will learners be able to do after this course?"
          error={fields?.description}
        />
        <div className="grid gap-5 sm:grid-cols-3">
          <Select
            label="Category"
            name="category"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            options={CATEGORIES}
            error={fields?.category}
          />
          <Select
            label="Level"
            name="level"
            value={level}
            onChange={(e) => setLevel(e.target.value)}
            options={LEVELS}
            placeholder="Select level"
            error={fields?.level}
          />
          <TextInput
            label="Price (INR)"
            name="price"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_PRICE_INR}
            step={1}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            placeholder="e.g. 499"
            error={fields?.price}
          />
        </div>
        <FileInput
          label="Course Thumbnail"
          hint="JPEG, PNG, WebP, GIF or AVIF, up to 5 MB. Shown at 16:9."
          name="thumbnail"
          accept="image/*"
          onChange={pickThumbnail}
          before={
            <div className="w-full max-w-xs">
              {preview ? (
                <img
                  src={preview}
                  alt="New thumbnail preview"
                  width={320}
                  height={180}
                  className="aspect-video w-full rounded-md border border-line object-cover"
                />
              ) : (
                <CourseThumbnail course={course} sizes="320px" className="rounded-md border border-line" />
              )}
            </div>
          }
        />
        <div className="flex flex-wrap gap-3 border-t border-line pt-5">
          <Button type="submit" busy={save.isPending} disabled={remove.isPending}>
            Save
          </Button>
          <Button variant="secondary" onClick={() => navigate('/courses')} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={confirmDelete}
        title="Delete this course?"
        confirmLabel="Delete course"
        onConfirm={doDelete}
        onCancel={() => setConfirmDelete(false)}
        busy={remove.isPending}
      >
        <p>
          “{course.title}” will be removed with its lectures, videos and reviews. This cannot be undone. A course with
          enrolled learners cannot be deleted; unpublish it instead.
        </p>
      </ConfirmDialog>
    </Card>
  );
}
