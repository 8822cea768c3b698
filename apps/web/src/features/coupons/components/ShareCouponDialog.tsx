import type { Coupon } from '@kaksha/contracts';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Select, TextInput } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
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
  const [chosen, setChosen] = useState(coupon.courseId ?? courses[0]?._id ?? '');
  const link = chosen ? shareLink(chosen, coupon.code) : '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Link copied');
    } catch {
      toast.error('The link could not be copied: select it and copy it yourself.');
    }
  }

  return (
    <Modal open onClose={onClose} title={`Share ${coupon.code}`}>
      <div className="flex flex-col gap-4">
        {coupon.courseId === null && (
          <Select
            label="Course"
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            options={courses.map((c) => ({ value: c._id, label: c.title }))}
          />
        )}
        {link ? (
          <>
            <TextInput
              label="Share link"
              value={link}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              hint="Learners who open it find the coupon applied at the course's checkout."
            />
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={onClose}>
                Done
              </Button>
              <Button onClick={() => void copy()} icon={<Copy size={16} aria-hidden="true" />}>
                Copy link
              </Button>
            </div>
          </>
        ) : (
          <p className="text-sm text-muted">Create a course first: a share link opens a course's page.</p>
        )}
      </div>
    </Modal>
  );
}
