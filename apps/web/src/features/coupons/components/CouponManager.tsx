import { TicketPercent } from 'lucide-react';
import { EmptyState, Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { useT } from '@/i18n';
import { useMyCoupons } from '../api/coupons';
import { CouponForm } from './CouponForm';
import { CouponList } from './CouponList';
import type { CouponCourse } from './useCouponForm';

/**
 * The educator's Coupons screen (issue #28): create a coupon for one of their courses (`courses`,
 * the page's) or all of them, and see each one's redemptions and revenue, share, deactivate or delete it.
 */
export function CouponManager({ courses }: { courses: CouponCourse[] }) {
  const t = useT();
  const coupons = useMyCoupons();
  return (
    <div className="flex flex-col gap-8">
      <CouponForm courses={courses} />
      <section aria-labelledby="your-coupons" className="flex flex-col gap-4">
        <h2 id="your-coupons" className="text-lg font-bold text-ink">
          {t('coupons.yours')}
        </h2>
        {coupons.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : coupons.isError ? (
          <ErrorState
            title={t('coupons.loadFailed')}
            onRetry={() => void coupons.refetch()}
            retrying={coupons.isFetching}
          />
        ) : coupons.data.length === 0 ? (
          <EmptyState title={t('coupons.none')} icon={<TicketPercent size={40} />}>
            {t('coupons.noneText')}
          </EmptyState>
        ) : (
          <CouponList coupons={coupons.data} courses={courses} />
        )}
      </section>
    </div>
  );
}
