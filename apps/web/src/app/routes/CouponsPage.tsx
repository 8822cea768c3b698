import { PageHeader } from '@/components/ui/PageHeader';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { CouponManager } from '@/features/coupons';
import { useCreatorCourses } from '@/features/courses';
import { useT } from '@/i18n';

/** /educator/coupons (issue #28): the educator's coupons, for their own courses (features/courses). */
export default function CouponsPage() {
  const t = useT();
  usePageTitle(t('titles.coupons'));
  const courses = useCreatorCourses();
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title={t('titles.coupons')} back="/dashboard" backLabel={t('manage.backToDashboard')} />
      <CouponManager courses={courses.data ?? []} />
    </section>
  );
}
