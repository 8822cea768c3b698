import type { Course } from '@kaksha/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useEditCourse } from '../../api/manage-edit-course';
import { StatusChip } from '../StatusChip';
import type { CourseForm } from './useCourseForm';

/**
 * "Draft — Publish" / "Published — Unpublish", taking effect at once (its own request; the spec's
 * 'Click to Publish' / 'Click to UnPublish' are the buttons' names). Publishing sends the form's
 * values with it, so the checklist on screen is what the server checks; a refusal says what is
 * missing. Unpublishing a course with learners asks first.
 */
export function PublishControl({ course, form, disabled }: { course: Course; form: CourseForm; disabled: boolean }) {
  const t = useT();
  const publish = useEditCourse(course._id);
  const [confirm, setConfirm] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const learners = course.enrolledCount ?? 0;

  const send = (isPublished: boolean) => {
    setRefusal(null);
    publish.mutate(isPublished ? { ...form.values(), isPublished } : { isPublished }, {
      onSuccess: () => {
        setConfirm(false);
        toast.success(isPublished ? t('manage.publish.published') : t('manage.publish.unpublished'));
      },
      onError: (err) => {
        setConfirm(false);
        const message = errorMessage(err);
        setRefusal(message);
        toast.error(message);
      },
    });
  };
  const toggle = () => {
    if (!course.isPublished) send(true);
    else if (learners > 0) setConfirm(true);
    else send(false);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <StatusChip published={course.isPublished} />
        <span aria-hidden="true" className="text-muted">
          —
        </span>
        <Button
          size="sm"
          variant={course.isPublished ? 'secondary' : 'brand'}
          aria-label={course.isPublished ? t('manage.publish.clickUnpublish') : t('manage.publish.clickPublish')}
          onClick={toggle}
          busy={publish.isPending}
          disabled={disabled}
        >
          {course.isPublished ? t('manage.publish.unpublish') : t('manage.publish.publish')}
        </Button>
      </div>
      {refusal && (
        <p role="alert" className="max-w-md rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <ConfirmDialog
        open={confirm}
        title={t('manage.publish.confirmTitle')}
        confirmLabel={t('manage.publish.unpublish')}
        onConfirm={() => send(false)}
        onCancel={() => setConfirm(false)}
        busy={publish.isPending}
      >
        <p>{t('manage.publish.confirmText', { count: learners, title: course.title })}</p>
      </ConfirmDialog>
    </div>
  );
}
