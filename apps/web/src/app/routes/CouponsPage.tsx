import { PageHeader } from '@/components/ui/PageHeader';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { CouponManager } from '@/features/coupons';
import { useCreatorCourses } from '@/features/courses';

/** /educator/coupons (issue #28): the educator's coupons, for their own courses (features/courses). */
export default function CouponsPage() {
  usePageTitle('Coupons');
  const courses = useCreatorCourses();
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title="Coupons" back="/dashboard" backLabel="Back to dashboard" />
      <CouponManager courses={courses.data ?? []} />
    </section>
  );
}
