import type { Purchase } from '@kaksha/contracts';
import { ReceiptIndianRupee } from 'lucide-react';
import { useState } from 'react';
import { ButtonLink } from '@/components/ui/Button';
import { EmptyState, Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { useT } from '@/i18n';
import { usePurchases } from '../api/purchases';
import { PurchaseItem } from '../components/PurchaseItem';
import { RefundDialog } from '../components/RefundDialog';

/**
 * /purchases (issue #28): the learner's paid courses, newest first, each with its invoice (and
 * credit note) to download, its refund status and, while the policy allows, Refund.
 */
export default function PurchasesPage() {
  const t = useT();
  usePageTitle(t('titles.purchases'));
  const purchases = usePurchases();
  const [refunding, setRefunding] = useState<Purchase | null>(null);
  const policy = purchases.data && t('checkout.refundPolicy', { ...purchases.data.refundPolicy });

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <PageHeader title={t('titles.purchases')} back="/" backLabel={t('catalog.backHome')} />
      {purchases.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-32 w-full" />
          ))}
        </div>
      ) : purchases.isError ? (
        <ErrorState
          title={t('purchases.loadFailed')}
          onRetry={() => void purchases.refetch()}
          retrying={purchases.isFetching}
        />
      ) : purchases.data.purchases.length === 0 ? (
        <EmptyState title={t('purchases.none')} icon={<ReceiptIndianRupee size={40} />}>
          <ButtonLink to="/allcourses" size="sm" className="mt-2">
            {t('common.browseCourses')}
          </ButtonLink>
        </EmptyState>
      ) : (
        <>
          <p className="mb-5 text-sm text-muted">{policy}</p>
          <ul className="flex flex-col gap-4">
            {purchases.data.purchases.map((purchase) => (
              <li key={purchase.orderId}>
                <PurchaseItem purchase={purchase} onRefund={() => setRefunding(purchase)} />
              </li>
            ))}
          </ul>
        </>
      )}
      {refunding && policy && (
        <RefundDialog purchase={refunding} policyText={policy} onClose={() => setRefunding(null)} />
      )}
    </div>
  );
}
