import { type Lecture, MESSAGES } from '@kaksha/contracts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/lib/toast';
import type { useRemoveLecture } from '../../api/remove-lecture';

/** Remove Lecture, after an "are you sure?"; then back to the course's lectures (`back`). */
export function RemoveLecture({
  lecture,
  remove,
  back,
  disabled,
}: {
  lecture: Lecture;
  remove: ReturnType<typeof useRemoveLecture>;
  back: string;
  disabled: boolean;
}) {
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const doRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(MESSAGES.lectureRemoved);
        navigate(back, { replace: true });
      },
      onError: () => {
        setConfirm(false);
        toast.error(MESSAGES.lectureRemoveError);
      },
    });
  return (
    <>
      <Button
        variant="danger"
        icon={<Trash2 size={16} aria-hidden="true" />}
        onClick={() => setConfirm(true)}
        disabled={disabled}
      >
        Remove Lecture
      </Button>
      <ConfirmDialog
        open={confirm}
        title="Remove this lecture?"
        confirmLabel="Remove Lecture"
        onConfirm={doRemove}
        onCancel={() => setConfirm(false)}
        busy={remove.isPending}
      >
        <p>“{lecture.lectureTitle}” and its video will be removed. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
