import type { Coupon } from '@kaksha/contracts';
import { Link2, Power, PowerOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useEditCoupon, useRemoveCoupon } from '../api/coupons';
import { ShareCouponDialog } from './ShareCouponDialog';
import type { CouponCourse } from './useCouponForm';

/** Share, Deactivate/Activate and Delete for one coupon; every outcome is the server's message in a toast. */
export function CouponActions({ coupon, courses }: { coupon: Coupon; courses: CouponCourse[] }) {
  const edit = useEditCoupon();
  const remove = useRemoveCoupon();
  const [sharing, setSharing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function toggle() {
    try {
      const { message } = await edit.mutateAsync({ id: coupon._id, active: !coupon.active });
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error, 'The coupon could not be changed. Try again.'));
    }
  }

  async function destroy() {
    try {
      const answer = await remove.mutateAsync(coupon._id);
      // A used coupon is deactivated instead: the server says so, and the row stays.
      (answer.removed ? toast.success : toast.info)(answer.message);
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessage(error, 'The coupon could not be deleted. Try again.'));
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setSharing(true)}
        icon={<Link2 size={16} aria-hidden="true" />}
        aria-label={`Share link for ${coupon.code}`}
      >
        Share
      </Button>
      <Button
        variant="ghost"
        size="sm"
        busy={edit.isPending}
        onClick={() => void toggle()}
        icon={coupon.active ? <PowerOff size={16} aria-hidden="true" /> : <Power size={16} aria-hidden="true" />}
        aria-label={`${coupon.active ? 'Deactivate' : 'Activate'} ${coupon.code}`}
      >
        {coupon.active ? 'Deactivate' : 'Activate'}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setConfirming(true)}
        aria-label={`Delete ${coupon.code}`}
        title="Delete coupon"
        className="text-red-700!"
      >
        <Trash2 size={16} aria-hidden="true" />
      </Button>
      {sharing && <ShareCouponDialog coupon={coupon} courses={courses} onClose={() => setSharing(false)} />}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${coupon.code}?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void destroy()}
        onCancel={() => setConfirming(false)}
      >
        An unused coupon is deleted. One that learners have used is deactivated instead, so its redemptions stay on
        record.
      </ConfirmDialog>
    </div>
  );
}
