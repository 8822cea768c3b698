import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Select, TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';
import { type CouponCourse, useCouponForm } from './useCouponForm';

/** Create coupon: a code for one of the educator's courses or all of them, percent or rupees off, with limits. */
export function CouponForm({ courses }: { courses: CouponCourse[] }) {
  const t = useT();
  const { draft, errors, set, submit, busy } = useCouponForm(courses);
  const headingId = useId();
  const types = [
    { value: 'percent', label: t('coupons.form.percentType') },
    { value: 'fixed', label: t('coupons.form.fixedType') },
  ];
  const courseOptions = [
    { value: '', label: t('coupons.form.allMine') },
    ...courses.map((c) => ({ value: c._id, label: c.title })),
  ];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };

  return (
    <Card className="p-5">
      <h2 id={headingId} className="mb-4 text-lg font-bold text-ink">
        {t('coupons.form.create')}
      </h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label={t('coupons.code')}
          value={draft.code}
          onChange={(e) => set('code')(e.target.value)}
          error={errors.code}
          hint={t('coupons.form.codeHint')}
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          className="uppercase"
        />
        <Select
          label={t('outcomes.course')}
          value={draft.courseId}
          onChange={(e) => set('courseId')(e.target.value)}
          error={errors.courseId}
          options={courseOptions}
        />
        <Select
          label={t('coupons.form.type')}
          value={draft.type}
          onChange={(e) => set('type')(e.target.value)}
          options={types}
        />
        <TextInput
          label={draft.type === 'percent' ? t('coupons.form.percent') : t('coupons.form.amount')}
          value={draft.value}
          onChange={(e) => set('value')(e.target.value)}
          error={errors.value}
          inputMode="numeric"
        />
        <TextInput
          label={t('coupons.form.max')}
          value={draft.maxRedemptions}
          onChange={(e) => set('maxRedemptions')(e.target.value)}
          error={errors.maxRedemptions}
          hint={t('coupons.form.maxHint')}
          inputMode="numeric"
        />
        <TextInput
          label={t('coupons.form.perUser')}
          value={draft.perUserLimit}
          onChange={(e) => set('perUserLimit')(e.target.value)}
          error={errors.perUserLimit}
          inputMode="numeric"
        />
        <TextInput
          label={t('coupons.form.starts')}
          type="datetime-local"
          value={draft.startsAt}
          onChange={(e) => set('startsAt')(e.target.value)}
          error={errors.startsAt}
        />
        <TextInput
          label={t('coupons.form.expires')}
          type="datetime-local"
          value={draft.expiresAt}
          onChange={(e) => set('expiresAt')(e.target.value)}
          error={errors.expiresAt}
        />
        <div className="sm:col-span-2">
          <Button type="submit" busy={busy}>
            {t('coupons.form.create')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
