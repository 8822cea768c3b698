import type { Course } from '@kaksha/contracts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useRemoveCourse } from '../../api/manage-remove-course';

/** Remove Course, after an "are you sure?" (spec §2: the edit screen also allows deleting the course). */
export function RemoveCourse({ course, disabled }: { course: Course; disabled: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const remove = useRemoveCourse(course._id);
  const doDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('messages.courseDeleted'));
        navigate('/courses', { replace: true });
      },
      onError: (err) => {
        setConfirm(false);
        toast.error(errorMessage(err));
      },
    });
  return (
    <>
      <Button
        variant="danger"
        size="sm"
        icon={<Trash2 size={16} aria-hidden="true" />}
        onClick={() => setConfirm(true)}
        disabled={disabled || remove.isPending}
      >
        {t('manage.remove.button')}
      </Button>
      <ConfirmDialog
        open={confirm}
        title={t('manage.remove.title')}
        confirmLabel={t('manage.remove.confirm')}
        onConfirm={doDelete}
        onCancel={() => setConfirm(false)}
        busy={remove.isPending}
      >
        <p>{t('manage.remove.text', { title: course.title })}</p>
      </ConfirmDialog>
    </>
  );
}
