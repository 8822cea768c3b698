import type { Course } from '@kaksha/contracts';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useEditCourse } from '../../api/manage-edit-course';
import { CourseFields } from './CourseFields';
import { PublishChecklist } from './PublishChecklist';
import { PublishControl } from './PublishControl';
import { RemoveCourse } from './RemoveCourse';
import { ThumbnailField } from './ThumbnailField';
import { useCourseForm } from './useCourseForm';

/**
 * /addcourses/{courseId}'s form (spec §2): every field and the thumbnail, saved with Save; the
 * publish control at the top acts at once, with the checklist of what publishing needs beside it
 * while the course is a draft; Remove Course.
 */
export function CourseForm({ course }: { course: Course }) {
  const t = useT();
  const navigate = useNavigate();
  const form = useCourseForm(course);
  const save = useEditCourse(course._id);
  const errors = save.error instanceof ApiError ? save.error.fields : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form.values(), {
      onSuccess: () => {
        toast.success(t('messages.courseUpdated'));
        navigate('/courses');
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

  return (
    <Card className="p-5 sm:p-6">
      <div className="mb-6 flex flex-col gap-4 border-b border-line pb-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-2">
            <h2 className="text-lg font-semibold text-ink">{t('manage.form.heading')}</h2>
            <PublishControl course={course} form={form} disabled={save.isPending} />
          </div>
          <RemoveCourse course={course} disabled={save.isPending} />
        </div>
        {!course.isPublished && <PublishChecklist checklist={form.checklist} />}
      </div>

      <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
        <CourseFields form={form} errors={errors} />
        <ThumbnailField course={course} form={form} error={errors?.thumbnail} />
        <div className="flex flex-wrap gap-3 border-t border-line pt-5">
          <Button type="submit" busy={save.isPending}>
            {t('manage.form.save')}
          </Button>
          <Button variant="secondary" onClick={() => navigate('/courses')} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
