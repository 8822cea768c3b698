import type { AdminCoupon, AdminCouponPage } from '@kaksha/contracts';
import { Button } from '@/components/ui/Button';
import { Chip } from '@/components/ui/Chip';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { formatDate, formatNumber, formatPaise, formatRupees } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDeactivateCoupon } from '../api/admin';
import { SearchableList } from './SearchableList';

function CouponRow({ coupon }: { coupon: AdminCoupon }) {
  const t = useT();
  const deactivate = useDeactivateCoupon();
  const onDeactivate = async () => {
    try {
      await deactivate.mutateAsync(coupon._id);
      toast.success(t('admin.coupons.deactivated', { code: coupon.code }));
    } catch (error) {
      toast.error(errorMessage(error, t('admin.coupons.failed')));
    }
  };
  const discount =
    coupon.type === 'percent'
      ? t('checkout.percentOff', { value: formatNumber(coupon.value) })
      : t('checkout.amountOff', { amount: formatRupees(coupon.value) });
  return (
    <li className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">
          {coupon.code} <span className="font-normal text-muted">{discount}</span>
        </p>
        <p className="truncate text-muted">
          {coupon.educator?.email ?? t('admin.deletedAccount')} · {coupon.course?.title ?? t('admin.coupons.allTheirs')}{' '}
          · {t('admin.coupons.created', { date: formatDate(coupon.createdAt) })}
        </p>
        <p className="text-xs text-muted">
          {coupon.maxRedemptions
            ? t('admin.coupons.redeemedOf', { count: coupon.redemptions, max: coupon.maxRedemptions })
            : t('admin.coupons.redeemed', { count: coupon.redemptions })}{' '}
          · {formatPaise(coupon.revenue)}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Chip tone={coupon.active ? 'green' : 'neutral'}>
          {coupon.active ? t('coupons.active') : t('coupons.inactive')}
        </Chip>
        {coupon.active && (
          <Button
            variant="danger"
            size="sm"
            busy={deactivate.isPending}
            onClick={() => void onDeactivate()}
            aria-label={t('coupons.actions.deactivateLabel', { code: coupon.code })}
          >
            {t('coupons.actions.deactivate')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** Every educator's coupons: find one being abused and deactivate it (its redemptions stay). */
export function CouponsPanel() {
  const t = useT();
  return (
    <SearchableList<AdminCouponPage, AdminCoupon>
      list="coupons"
      path="/api/admin/coupons"
      rowsOf={(page) => page.coupons}
      renderRow={(coupon) => <CouponRow key={coupon._id} coupon={coupon} />}
      searchLabel={t('admin.coupons.search')}
      searchHint={t('admin.coupons.searchHint')}
      listLabel={t('nav.coupons')}
    />
  );
}
