import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Select, TextInput } from '@/components/ui/Field';
import { type CouponCourse, useCouponForm } from './useCouponForm';

const TYPES = [
  { value: 'percent', label: 'Percent off' },
  { value: 'fixed', label: 'Fixed amount off (₹)' },
];

/** Create coupon: a code for one of the educator's courses or all of them, percent or rupees off, with limits. */
export function CouponForm({ courses }: { courses: CouponCourse[] }) {
  const { draft, errors, set, submit, busy } = useCouponForm(courses);
  const headingId = useId();
  const courseOptions = [
    { value: '', label: 'All my courses' },
    ...courses.map((c) => ({ value: c._id, label: c.title })),
  ];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };

  return (
    <Card className="p-5">
      <h2 id={headingId} className="mb-4 text-lg font-bold text-ink">
        Create coupon
      </h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Code"
          value={draft.code}
          onChange={(e) => set('code')(e.target.value)}
          error={errors.code}
          hint="4 to 20 letters, digits or hyphens, e.g. DIWALI-25"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          className="uppercase"
        />
        <Select
          label="Course"
          value={draft.courseId}
          onChange={(e) => set('courseId')(e.target.value)}
          error={errors.courseId}
          options={courseOptions}
        />
        <Select
          label="Discount type"
          value={draft.type}
          onChange={(e) => set('type')(e.target.value)}
          options={TYPES}
        />
        <TextInput
          label={draft.type === 'percent' ? 'Percent off' : 'Amount off (₹)'}
          value={draft.value}
          onChange={(e) => set('value')(e.target.value)}
          error={errors.value}
          inputMode="numeric"
        />
        <TextInput
          label="Maximum redemptions (optional)"
          value={draft.maxRedemptions}
          onChange={(e) => set('maxRedemptions')(e.target.value)}
          error={errors.maxRedemptions}
          hint="Empty: no limit"
          inputMode="numeric"
        />
        <TextInput
          label="Uses per learner"
          value={draft.perUserLimit}
          onChange={(e) => set('perUserLimit')(e.target.value)}
          error={errors.perUserLimit}
          inputMode="numeric"
        />
        <TextInput
          label="Starts (optional)"
          type="datetime-local"
          value={draft.startsAt}
          onChange={(e) => set('startsAt')(e.target.value)}
          error={errors.startsAt}
        />
        <TextInput
          label="Expires (optional)"
          type="datetime-local"
          value={draft.expiresAt}
          onChange={(e) => set('expiresAt')(e.target.value)}
          error={errors.expiresAt}
        />
        <div className="sm:col-span-2">
          <Button type="submit" busy={busy}>
            Create coupon
          </Button>
        </div>
      </form>
    </Card>
  );
}
