import { COUPON_CODE_PATTERN, type CouponCreateRequest, type CouponType, normaliseCouponCode } from '@kaksha/contracts';
import { useState } from 'react';
import { translate } from '@/i18n';
import { ApiError, errorMessage, serverMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCreateCoupon } from '../api/coupons';

/** A course the coupon may be for: the educator's own. */
export interface CouponCourse {
  _id: string;
  title: string;
  price: number | null;
}

const EMPTY = {
  code: '',
  courseId: '',
  type: 'percent' as CouponType,
  value: '',
  maxRedemptions: '',
  perUserLimit: '1',
  startsAt: '',
  expiresAt: '',
};
export type CouponDraft = typeof EMPTY;
/** Keyed as the API names its fields, so the server's 400 `fields` land beside the same inputs. */
export type CouponErrors = Partial<Record<keyof CouponDraft, string>>;

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : Number.NaN);
/** A datetime-local value (the educator's own clock) as the instant the API takes. */
const instant = (local: string) => (local ? new Date(local).toISOString() : null);

/** The form's checks, in the server's words; it checks them all again. */
function validate(d: CouponDraft, course: CouponCourse | undefined): CouponErrors {
  const errors: CouponErrors = {};
  if (!COUPON_CODE_PATTERN.test(normaliseCouponCode(d.code))) {
    errors.code = translate('coupons.check.code');
  }
  const value = whole(d.value);
  if (!(value >= 1)) errors.value = translate('coupons.check.value');
  else if (d.type === 'percent' && value > 100) errors.value = translate('coupons.check.percent');
  else if (d.type === 'fixed' && course?.price != null && value >= course.price) {
    errors.value = translate('coupons.check.fixed', { price: course.price });
  }
  if (d.maxRedemptions && !(whole(d.maxRedemptions) >= 1)) {
    errors.maxRedemptions = translate('coupons.check.max');
  }
  if (!(whole(d.perUserLimit) >= 1)) errors.perUserLimit = translate('coupons.check.perUser');
  if (d.startsAt && d.expiresAt && Date.parse(d.expiresAt) <= Date.parse(d.startsAt)) {
    errors.expiresAt = translate('coupons.check.dates');
  }
  return errors;
}

/** The Create coupon form's state: POST /api/coupon/create, the server's message in a toast. */
export function useCouponForm(courses: CouponCourse[]) {
  const create = useCreateCoupon();
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<CouponErrors>({});
  const course = courses.find((c) => c._id === draft.courseId);

  const set = (field: keyof CouponDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit() {
    if (create.isPending) return;
    const found = validate(draft, course);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: CouponCreateRequest = {
      code: normaliseCouponCode(draft.code),
      courseId: draft.courseId || null,
      type: draft.type,
      value: Number(draft.value),
      maxRedemptions: draft.maxRedemptions ? Number(draft.maxRedemptions) : null,
      perUserLimit: Number(draft.perUserLimit),
      startsAt: instant(draft.startsAt),
      expiresAt: instant(draft.expiresAt),
    };
    try {
      const { message } = await create.mutateAsync(body);
      toast.success(serverMessage(message));
      setDraft(EMPTY);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields) setErrors(fields);
      toast.error(errorMessage(error, translate('coupons.createFailed')));
    }
  }

  return { draft, errors, set, submit, busy: create.isPending };
}
