import type { Coupon } from '@kaksha/contracts';
import { Link2, Power, PowerOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useT } from '@/i18n';
import { errorMessage, serverMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useEditCoupon, useRemoveCoupon } from '../api/coupons';
import { ShareCouponDialog } from './ShareCouponDialog';
import type { CouponCourse } from './useCouponForm';

/** Share, Deactivate/Activate and Delete for one coupon; every outcome is the server's message in a toast. */
export function CouponActions({ coupon, courses }: { coupon: Coupon; courses: CouponCourse[] }) {
  const t = useT();
  const edit = useEditCoupon();
  const remove = useRemoveCoupon();
  const [sharing, setSharing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function toggle() {
    try {
      const { message } = await edit.mutateAsync({ id: coupon._id, active: !coupon.active });
      toast.success(serverMessage(message));
    } catch (error) {
      toast.error(errorMessage(error, t('coupons.actions.changeFailed')));
    }
  }

  async function destroy() {
    try {
      const answer = await remove.mutateAsync(coupon._id);
      // A used coupon is deactivated instead: the server says so, and the row stays.
      (answer.removed ? toast.success : toast.info)(serverMessage(answer.message));
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessage(error, t('coupons.actions.deleteFailed')));
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setSharing(true)}
        icon={<Link2 size={16} aria-hidden="true" />}
        aria-label={t('coupons.actions.shareLabel', { code: coupon.code })}
      >
        {t('coupons.actions.share')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        busy={edit.isPending}
        onClick={() => void toggle()}
        icon={coupon.active ? <PowerOff size={16} aria-hidden="true" /> : <Power size={16} aria-hidden="true" />}
        aria-label={t(coupon.active ? 'coupons.actions.deactivateLabel' : 'coupons.actions.activateLabel', {
          code: coupon.code,
        })}
      >
        {coupon.active ? t('coupons.actions.deactivate') : t('coupons.actions.activate')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setConfirming(true)}
        aria-label={t('coupons.actions.deleteLabel', { code: coupon.code })}
        title={t('coupons.actions.deleteTitle')}
        className="text-red-700!"
      >
        <Trash2 size={16} aria-hidden="true" />
      </Button>
      {sharing && <ShareCouponDialog coupon={coupon} courses={courses} onClose={() => setSharing(false)} />}
      <ConfirmDialog
        open={confirming}
        title={t('coupons.actions.confirmTitle', { code: coupon.code })}
        confirmLabel={t('coupons.actions.delete')}
        busy={remove.isPending}
        onConfirm={() => void destroy()}
        onCancel={() => setConfirming(false)}
      >
        {t('coupons.actions.confirmText')}
      </ConfirmDialog>
    </div>
  );
}
