import { type Course, MESSAGES } from '@kaksha/contracts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useRemoveCourse } from '../../api/manage-remove-course';

/** Remove Course, after an "are you sure?" (spec §2: the edit screen also allows deleting the course). */
export function RemoveCourse({ course, disabled }: { course: Course; disabled: boolean }) {
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const remove = useRemoveCourse(course._id);
  const doDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(MESSAGES.courseDeleted);
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
        Remove Course
      </Button>
      <ConfirmDialog
        open={confirm}
        title="Delete this course?"
        confirmLabel="Delete course"
        onConfirm={doDelete}
        onCancel={() => setConfirm(false)}
        busy={remove.isPending}
      >
        <p>
          “{course.title}” will be removed with its lectures, videos and reviews. This cannot be undone. A course with
          enrolled learners cannot be deleted; unpublish it instead.
        </p>
      </ConfirmDialog>
    </>
  );
}
