import type { Purchase } from '@kaksha/contracts';
import { Chip } from '@/components/ui/Chip';
import { useT } from '@/i18n';

/** Where a purchase stands: paid, or its refund pending, done or failed. */
export function RefundStatus({ refund }: { refund: Purchase['refund'] }) {
  const t = useT();
  if (!refund) return <Chip tone="green">{t('purchases.paid')}</Chip>;
  if (refund.status === 'processed') return <Chip>{t('purchases.refundedChip')}</Chip>;
  if (refund.status === 'failed') return <Chip tone="red">{t('purchases.refundFailed')}</Chip>;
  return <Chip tone="brand">{t('purchases.refundPending')}</Chip>;
}
