import type { Review } from '@kaksha/contracts';
import { Avatar } from '@/components/ui/Avatar';
import { Stars } from '@/components/ui/Stars';
import { useT } from '@/i18n';
import { roleName } from '@/lib/labels';

/** A review: stars, the comment (always rendered as text), the reviewer and the course. */
export function ReviewCard({ review, showCourse = true }: { review: Review; showCourse?: boolean }) {
  const t = useT();
  return (
    <figure className="flex h-full flex-col gap-3 rounded-card border border-line bg-white p-5 shadow-sm">
      <Stars value={review.rating} showValue={false} />
      {showCourse && review.courseTitle && (
        <p className="text-sm font-semibold text-ink">
          <span className="sr-only">{t('reviews.coursePrefix')} </span>
          {review.courseTitle}
        </p>
      )}
      <blockquote className="flex-1 whitespace-pre-line break-words text-sm leading-relaxed text-muted">
        {review.comment}
      </blockquote>
      <figcaption className="flex items-center gap-3 border-t border-line pt-3">
        <Avatar name={review.user.name} photoUrl={review.user.photoUrl} size={40} alt="" />
        <span className="flex flex-col">
          <span className="text-sm font-semibold text-ink">{review.user.name}</span>
          <span className="text-xs text-muted">{roleName(review.user.role)}</span>
        </span>
      </figcaption>
    </figure>
  );
}
