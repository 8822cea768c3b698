import type { AdminCoupon, AdminCouponPage } from '@kaksha/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { formatDate, formatNumber, formatPaise, formatRupees } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDeactivateCoupon, usePagedList } from '../api/admin';
import { ListState, MoreButton } from './MoreButton';

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
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const coupons = usePagedList<AdminCouponPage>('coupons', '/api/admin/coupons', { q });
  const rows = coupons.data?.pages.flatMap((page) => page.coupons) ?? [];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setQ(typed.trim());
  };
  return (
    <div className="flex flex-col gap-4">
      <search>
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <TextInput
              label={t('admin.coupons.search')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              hint={t('admin.coupons.searchHint')}
            />
          </div>
          <Button type="submit" variant="secondary">
            {t('catalog.search')}
          </Button>
        </form>
      </search>
      <ListState list={coupons} empty={rows.length === 0} />
      {rows.length > 0 && (
        <Card>
          <ul className="divide-y divide-line" aria-label={t('nav.coupons')}>
            {rows.map((coupon) => (
              <CouponRow key={coupon._id} coupon={coupon} />
            ))}
          </ul>
        </Card>
      )}
      <MoreButton list={coupons} />
    </div>
  );
}
