import { type Purchase, REFUND_REASON_MAX } from '@kaksha/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { TextArea } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import { Message, useT } from '@/i18n';
import { errorMessage, serverMessage } from '@/lib/api';
import { formatAmount } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useRefund } from '../api/purchases';

/**
 * Confirming a refund: what comes back, that access ends at once, the policy, and a reason (the
 * server requires one). A refusal (409: no longer eligible) is shown here, with its reason.
 */
export function RefundDialog({
  purchase,
  policyText,
  onClose,
}: {
  purchase: Purchase;
  policyText: string;
  onClose: () => void;
}) {
  const t = useT();
  const refund = useRefund();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [refused, setRefused] = useState<string>();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const amount = formatAmount(purchase.refundEligibility.amount);

  // After the dialog has taken the focus (its first control): the one thing to fill in.
  useEffect(() => {
    const frame = requestAnimationFrame(() => reasonRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (refund.isPending) return;
    if (!reason.trim()) {
      setFieldError(t('refund.reasonRequired'));
      return;
    }
    try {
      const answer = await refund.mutateAsync({ courseId: purchase.course._id, reason: reason.trim() });
      toast.success(serverMessage(answer.message));
      onClose();
    } catch (error) {
      setRefused(errorMessage(error, t('refund.failed')));
    }
  }

  const close = () => !refund.isPending && onClose();

  return (
    <Modal open onClose={close} title={t('refund.title')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 text-sm text-muted">
        <p>
          <Message
            id="refund.text"
            values={{
              amount: <strong className="text-ink">{amount}</strong>,
              title: <strong className="text-ink">{purchase.course.title}</strong>,
            }}
          />
        </p>
        <p className="text-xs">{policyText}</p>
        <TextArea
          ref={reasonRef}
          label={t('refund.reason')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setFieldError(undefined);
          }}
          error={fieldError}
          rows={3}
          maxLength={REFUND_REASON_MAX}
        />
        {refused && (
          <p role="alert" className="text-red-700">
            {refused}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close} disabled={refund.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={refund.isPending}>
            {t('refund.confirm', { amount })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
