import { Undo2 } from 'lucide-react';
import { useT } from '@/i18n';
import { usePublicConfig } from '@/lib/public-config';

/** The refund policy as configured (GET /api/config), in the contracts' one sentence. */
export function RefundPolicyNote() {
  const t = useT();
  const { data: config } = usePublicConfig();
  if (!config?.refundPolicy) return null;
  return (
    <p className="flex items-start gap-2 text-xs text-muted">
      <Undo2 size={14} aria-hidden="true" className="mt-0.5 shrink-0" />
      {t('checkout.refundPolicy', { ...config.refundPolicy })}
    </p>
  );
}
