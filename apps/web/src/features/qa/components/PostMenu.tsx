import { QA_REPORT_REASON_MAX } from '@kaksha/contracts';
import { Flag, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { TextArea } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useRemove, useReport } from '../api/changes';

type Post = { kind: 'question' | 'answer'; id: string };

/** Report a question or an answer to the course's educator, with a reason. */
export function ReportButton({ post }: { post: Post }) {
  const t = useT();
  const report = useReport();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(t('qa.reasonRequired'));
    report.mutate(
      { id: post.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t('qa.reportedToast'));
          setOpen(false);
          setReason('');
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  const title = post.kind === 'question' ? t('qa.reportQuestion') : t('qa.reportAnswer');
  return (
    <>
      <Button variant="ghost" size="sm" icon={<Flag size={14} aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t('qa.report')}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={title}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <TextArea
            label={t('qa.reasonLabel')}
            value={reason}
            rows={3}
            maxLength={QA_REPORT_REASON_MAX}
            error={error}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" busy={report.isPending}>
              {t('qa.sendReport')}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}

/** Delete a question (with its answers) or an answer, after a confirmation. */
export function DeleteButton({ post, onDeleted }: { post: Post; onDeleted?: () => void }) {
  const t = useT();
  const remove = useRemove();
  const [open, setOpen] = useState(false);
  const question = post.kind === 'question';
  return (
    <>
      <Button variant="ghost" size="sm" icon={<Trash2 size={14} aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t('qa.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={question ? t('qa.deleteQuestionTitle') : t('qa.deleteAnswerTitle')}
        confirmLabel={t('qa.delete')}
        busy={remove.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          remove.mutate(post, {
            onSuccess: () => {
              setOpen(false);
              toast.success(question ? t('qa.questionDeleted') : t('qa.answerDeleted'));
              onDeleted?.();
            },
            onError: (err) => toast.error(errorMessage(err)),
          })
        }
      >
        {question ? t('qa.deleteQuestionText') : t('qa.deleteAnswerText')}
      </ConfirmDialog>
    </>
  );
}
