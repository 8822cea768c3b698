import { Skeleton } from '@/components/ui/Card';
import { SectionHeading } from '@/components/ui/SectionHeading';
import { useT } from '@/i18n';
import { REVIEWS_ON_HOME } from '@/lib/ui-constants';
import { useAllReviews } from '../api/all-reviews';
import { ReviewCard } from './ReviewCard';

export function Testimonials() {
  const t = useT();
  const { data, isPending, isError } = useAllReviews(REVIEWS_ON_HOME);
  const reviews = data ?? [];
  return (
    <section aria-labelledby="reviews-title" className="bg-surface">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <SectionHeading id="reviews-title" eyebrow={t('home.reviews.eyebrow')} title={t('home.reviews.title')}>
          {t('home.reviews.text')}
        </SectionHeading>
        {isPending ? (
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: REVIEWS_ON_HOME }, (_, i) => (
              <Skeleton key={i} className="h-56" />
            ))}
          </div>
        ) : isError || reviews.length === 0 ? (
          <p className="text-center text-muted">{t('home.reviews.none')}</p>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {reviews.map((r) => (
              <li key={r._id}>
                <ReviewCard review={r} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
