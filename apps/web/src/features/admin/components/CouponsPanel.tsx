import type { AdminCoupon, AdminCouponPage } from '@kaksha/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { TextInput } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api';
import { formatDate, formatPaise } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDeactivateCoupon, usePagedList } from '../api/admin';
import { ListState, MoreButton } from './MoreButton';

function CouponRow({ coupon }: { coupon: AdminCoupon }) {
  const deactivate = useDeactivateCoupon();
  const onDeactivate = async () => {
    try {
      await deactivate.mutateAsync(coupon._id);
      toast.success(`${coupon.code} deactivated.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The coupon could not be deactivated.'));
    }
  };
  const discount = coupon.type === 'percent' ? `${coupon.value}% off` : `₹${coupon.value} off`;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">
          {coupon.code} <span className="font-normal text-muted">{discount}</span>
        </p>
        <p className="truncate text-muted">
          {coupon.educator?.email ?? 'deleted account'} · {coupon.course?.title ?? 'All their courses'} · created{' '}
          {formatDate(coupon.createdAt)}
        </p>
        <p className="text-xs text-muted">
          {coupon.redemptions}
          {coupon.maxRedemptions ? ` of ${coupon.maxRedemptions}` : ''} redeemed · {formatPaise(coupon.revenue)}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Chip tone={coupon.active ? 'green' : 'neutral'}>{coupon.active ? 'active' : 'inactive'}</Chip>
        {coupon.active && (
          <Button
            variant="danger"
            size="sm"
            busy={deactivate.isPending}
            onClick={() => void onDeactivate()}
            aria-label={`Deactivate ${coupon.code}`}
          >
            Deactivate
          </Button>
        )}
      </div>
    </li>
  );
}

/** Every educator's coupons: find one being abused and deactivate it (its redemptions stay). */
export function CouponsPanel() {
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
              label="Search coupons"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              hint="The start of a code, or part of the educator's e-mail"
            />
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>
      <ListState list={coupons} empty={rows.length === 0} />
      {rows.length > 0 && (
        <Card>
          <ul className="divide-y divide-line" aria-label="Coupons">
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
