import type { Coupon } from '@kaksha/contracts';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Select, TextInput } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import { useT } from '@/i18n';
import { toast } from '@/lib/toast';
import { shareLink } from './coupon-text';
import type { CouponCourse } from './useCouponForm';

/**
 * A coupon's share link: the course page with `?coupon=CODE`, where the checkout applies it. A
 * coupon for all the educator's courses has one link per course: the educator picks which.
 */
export function ShareCouponDialog({
  coupon,
  courses,
  onClose,
}: {
  coupon: Coupon;
  courses: CouponCourse[];
  onClose: () => void;
}) {
  const t = useT();
  const [chosen, setChosen] = useState(coupon.courseId ?? courses[0]?._id ?? '');
  const link = chosen ? shareLink(chosen, coupon.code) : '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('coupons.share.copied'));
    } catch {
      toast.error(t('coupons.share.copyFailed'));
    }
  }

  return (
    <Modal open onClose={onClose} title={t('coupons.share.title', { code: coupon.code })}>
      <div className="flex flex-col gap-4">
        {coupon.courseId === null && (
          <Select
            label={t('outcomes.course')}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            options={courses.map((c) => ({ value: c._id, label: c.title }))}
          />
        )}
        {link ? (
          <>
            <TextInput
              label={t('coupons.share.link')}
              value={link}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              hint={t('coupons.share.hint')}
            />
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={onClose}>
                {t('coupons.share.done')}
              </Button>
              <Button onClick={() => void copy()} icon={<Copy size={16} aria-hidden="true" />}>
                {t('coupons.share.copy')}
              </Button>
            </div>
          </>
        ) : (
          <p className="text-sm text-muted">{t('coupons.share.noCourse')}</p>
        )}
      </div>
    </Modal>
  );
}
