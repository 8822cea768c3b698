import type { Course } from '@kaksha/contracts';
import { useT } from '@/i18n';
import { ReviewCard } from './ReviewCard';

const REVIEWS_SHOWN = 6;

/** A course's reviews on its page: the count, the average and the first few. */
export function CourseReviews({ course }: { course: Pick<Course, 'reviews' | 'reviewCount' | 'avgRating'> }) {
  const t = useT();
  return (
    <section aria-labelledby="course-reviews-title">
      <h2 id="course-reviews-title" className="mb-4 text-xl font-bold text-ink">
        {t('reviews.title')}{' '}
        <span className="text-base font-normal text-muted">
          {t('reviews.summary', { count: course.reviewCount, average: course.avgRating.toFixed(1) })}
        </span>
      </h2>
      {course.reviews.length === 0 ? (
        <p className="text-sm text-muted">{t('home.reviews.none')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {course.reviews.slice(0, REVIEWS_SHOWN).map((r) => (
            <li key={r._id}>
              <ReviewCard review={r} showCourse={false} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
