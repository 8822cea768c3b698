import { type Purchase, REFUND_REASON_MAX } from '@kaksha/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { TextArea } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import { errorMessage } from '@/lib/api';
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
      setFieldError('Please tell us why you want a refund');
      return;
    }
    try {
      const answer = await refund.mutateAsync({ courseId: purchase.course._id, reason: reason.trim() });
      toast.success(answer.message);
      onClose();
    } catch (error) {
      setRefused(errorMessage(error, 'The refund could not be requested. Try again.'));
    }
  }

  const close = () => !refund.isPending && onClose();

  return (
    <Modal open onClose={close} title="Request a refund">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 text-sm text-muted">
        <p>
          <strong className="text-ink">{amount}</strong> for{' '}
          <strong className="text-ink">{purchase.course.title}</strong> goes back to the way you paid. You lose access
          to the course at once; your progress is kept if you buy it again.
        </p>
        <p className="text-xs">{policyText}</p>
        <TextArea
          ref={reasonRef}
          label="Reason"
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
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={refund.isPending}>
            Refund {amount}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
