import { CHECKOUT, type Course, type PaymentOrder, type RazorpayPayment } from '@kaksha/contracts';
import { CreditCard, FlaskConical, Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { useT } from '@/i18n';
import { errorMessage, serverMessage } from '@/lib/api';
import { formatAmount } from '@/lib/format';
import { toast } from '@/lib/toast';
import { sandboxPay } from '../api/sandbox-pay';
import { type CardErrors, type CardForm, TEST_CARD, validateCard } from './sandbox-card';
import { TestCardFields } from './TestCardFields';

/**
 * The built-in checkout of the payment sandbox: it looks and behaves like a card checkout,
 * is clearly marked TEST MODE, and hands back the same signed fields Razorpay's would.
 */
export default function SandboxCheckout({
  order,
  course,
  onPaid,
  onClose,
}: {
  order: PaymentOrder;
  course: Course;
  /** Called with the signed payment; verifies it and closes the checkout. */
  onPaid: (payment: RazorpayPayment) => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const [card, setCard] = useState<CardForm>(TEST_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const [pending, setPending] = useState<'success' | 'failure' | null>(null);
  const amount = formatAmount(order.amount / 100);

  const set = (field: keyof CardForm) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setCard((c) => ({ ...c, [field]: e.target.value }));

  async function pay(outcome: 'success' | 'failure') {
    if (pending) return;
    if (outcome === 'success') {
      const found = validateCard(card);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
    }
    setPending(outcome);
    try {
      const result = await sandboxPay({ orderId: order.id, outcome });
      if (result.status === 'failed') {
        toast.error(serverMessage(result.message));
        onClose();
        return;
      }
      const { status: _status, ...payment } = result;
      await onPaid(payment);
    } catch (error) {
      toast.error(errorMessage(error, t('messages.enrollError')));
      onClose();
    } finally {
      setPending(null);
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void pay('success');
  };
  const close = () => {
    if (!pending) onClose();
  };

  return (
    <Modal open onClose={close} title={t('checkout.title')}>
      <div
        role="note"
        className="mb-4 flex items-start gap-3 rounded-lg border border-brand-500 bg-brand-50 px-3 py-2.5 text-sm text-ink"
      >
        <FlaskConical size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-brand-600" />
        <p>
          <strong className="font-bold tracking-wide">{t('checkout.testMode')}</strong>
          <span className="block text-muted">{t('checkout.testNote')}</span>
        </p>
      </div>

      <div className="mb-5 flex items-start justify-between gap-4 rounded-lg bg-surface px-4 py-3">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-muted">
            {CHECKOUT.productName} · {t('checkout.description')}
          </p>
          <p className="mt-1 font-semibold text-ink [overflow-wrap:anywhere]">{course.title}</p>
        </div>
        <p className="shrink-0 text-right">
          <span className="block text-xs text-muted">{t('checkout.amount')}</span>
          <span className="text-xl font-bold text-ink" data-testid="checkout-amount">
            {amount}
          </span>
        </p>
      </div>

      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('checkout.testCardPayment')}>
        <TestCardFields card={card} errors={errors} onChange={set} />

        <Button
          type="submit"
          size="lg"
          busy={pending === 'success'}
          disabled={!!pending}
          icon={<CreditCard size={18} aria-hidden="true" />}
        >
          {t('checkout.pay', { amount })}
        </Button>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={close} disabled={!!pending}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="ghost"
            className="text-red-700! hover:bg-red-50"
            busy={pending === 'failure'}
            disabled={!!pending}
            onClick={() => void pay('failure')}
          >
            {t('checkout.simulateFailure')}
          </Button>
        </div>
      </form>

      <p className="mt-4 flex items-center justify-center gap-1.5 text-xs text-muted">
        <Lock size={12} aria-hidden="true" />
        {t('checkout.testOrder', { id: order.id })}
      </p>
    </Modal>
  );
}
