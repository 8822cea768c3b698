import { type Course, shownListPrice } from '@kaksha/contracts';
import { Check } from 'lucide-react';
import { Stars } from '@/components/ui/Stars';
import { useT } from '@/i18n';
import { formatPrice } from '@/lib/format';
import { reviewCountText, videoContentText } from './course-figures';

type Facts = Pick<Course, 'avgRating' | 'reviewCount' | 'price' | 'listPrice' | 'totalDurationSeconds'>;

/**
 * Rating, price and what the course holds, as they are (issue #27; the spec's fixed marketing
 * text made true): the review count only when there are reviews, the educator's own list price
 * struck through only when above a price that is not free, the hours of video measured from the
 * lectures (hidden while unknown), and lifetime access, which every enrolment has.
 */
export function CoursePriceFacts({ course }: { course: Facts }) {
  const t = useT();
  const reviews = reviewCountText(course.reviewCount);
  const listPrice = shownListPrice(course.price, course.listPrice);
  const video = videoContentText(course.totalDurationSeconds);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Stars value={course.avgRating} />
        {reviews && <span className="text-muted">{reviews}</span>}
      </div>
      <p className="flex items-baseline gap-3">
        <span className="text-2xl font-bold text-ink">{formatPrice(course.price)}</span>
        {listPrice !== null && (
          <s className="text-base text-muted">
            <span className="sr-only">{t('courses.card.listPrice')} </span>
            {formatPrice(listPrice)}
          </s>
        )}
      </p>
      <ul className="flex flex-col gap-2 text-sm text-ink">
        {video && (
          <li className="flex items-center gap-2">
            <Check size={18} className="text-green-700" aria-hidden="true" />
            {video}
          </li>
        )}
        <li className="flex items-center gap-2">
          <Check size={18} className="text-green-700" aria-hidden="true" />
          {t('course.lifetimeAccess')}
        </li>
      </ul>
    </>
  );
}
