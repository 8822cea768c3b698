import { refundPolicyText } from '@kaksha/contracts';
import { Undo2 } from 'lucide-react';
import { usePublicConfig } from '@/lib/public-config';

/** The refund policy as configured (GET /api/config), in the contracts' one sentence. */
export function RefundPolicyNote() {
  const { data: config } = usePublicConfig();
  if (!config?.refundPolicy) return null;
  return (
    <p className="flex items-start gap-2 text-xs text-muted">
      <Undo2 size={14} aria-hidden="true" className="mt-0.5 shrink-0" />
      {refundPolicyText(config.refundPolicy)}
    </p>
  );
}
