import type { Lecture } from '@kaksha/contracts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useT } from '@/i18n';
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
  const t = useT();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const doRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('messages.lectureRemoved'));
        navigate(back, { replace: true });
      },
      onError: () => {
        setConfirm(false);
        toast.error(t('messages.lectureRemoveError'));
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
        {t('lectures.remove.button')}
      </Button>
      <ConfirmDialog
        open={confirm}
        title={t('lectures.remove.title')}
        confirmLabel={t('lectures.remove.button')}
        onConfirm={doRemove}
        onCancel={() => setConfirm(false)}
        busy={remove.isPending}
      >
        <p>{t('lectures.remove.text', { title: lecture.lectureTitle })}</p>
      </ConfirmDialog>
    </>
  );
}
