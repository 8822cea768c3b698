import { ButtonLink } from '@/components/ui/Button';
import { SectionHeading } from '@/components/ui/SectionHeading';
import { useT } from '@/i18n';
import { POPULAR_COURSES_ON_HOME } from '@/lib/ui-constants';
import { useNewestCourses } from '../api/published-courses';
import { CourseCard, CourseCardSkeleton } from './CourseCard';

export function PopularCourses() {
  const t = useT();
  const { data, isPending, isError } = useNewestCourses(POPULAR_COURSES_ON_HOME);
  const courses = data ?? [];
  return (
    <section aria-labelledby="popular-title" className="bg-surface">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <SectionHeading id="popular-title" eyebrow={t('home.popular.eyebrow')} title={t('home.popular.title')}>
          {t('home.popular.text')}
        </SectionHeading>
        {isError ? (
          <p className="text-center text-muted">{t('home.popular.failed')}</p>
        ) : (
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {isPending
              ? Array.from({ length: POPULAR_COURSES_ON_HOME }, (_, i) => <CourseCardSkeleton key={i} />)
              : courses.map((course) => <CourseCard key={course._id} course={course} />)}
          </div>
        )}
        <div className="mt-8 flex justify-center">
          <ButtonLink to="/allcourses" variant="secondary" size="lg">
            {t('home.hero.allCourses')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
