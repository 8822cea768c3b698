import type { Purchase } from '@kaksha/contracts';
import { Chip } from '@/components/ui/Chip';

/** Where a purchase stands: paid, or its refund pending, done or failed. */
export function RefundStatus({ refund }: { refund: Purchase['refund'] }) {
  if (!refund) return <Chip tone="green">Paid</Chip>;
  if (refund.status === 'processed') return <Chip>Refunded</Chip>;
  if (refund.status === 'failed') return <Chip tone="red">Refund failed</Chip>;
  return <Chip tone="brand">Refund pending</Chip>;
}
