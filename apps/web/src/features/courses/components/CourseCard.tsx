import type { Course } from '@kaksha/contracts';
import { Clock } from 'lucide-react';
import { type ReactNode, useContext } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { Stars } from '@/components/ui/Stars';
import { translate, useT } from '@/i18n';
import { formatNumber, formatPrice } from '@/lib/format';
import { categoryName, levelName } from '@/lib/labels';
import { CARD_SIZES } from '@/lib/ui-constants';
import { CourseThumbnail } from './CourseThumbnail';
import { CourseCardAction } from './card-action';
import { LanguageChip } from './LanguageChip';

/** What a card draws: a full course or a catalogue page's slim card both have it. */
export type CourseCardData = Pick<
  Course,
  | '_id'
  | 'title'
  | 'thumbnail'
  | 'thumbnailSrcSet'
  | 'category'
  | 'level'
  | 'creatorName'
  | 'price'
  | 'avgRating'
  | 'reviewCount'
> &
  Partial<Pick<Course, 'totalDurationSeconds' | 'listPrice' | 'language'>>;

/** Hours and minutes of video, as a card says them: '45 min', '3 h', '12 h 30 min'. */
export function formatDuration(seconds: number) {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return translate('courses.duration.minutes', { minutes: Math.max(minutes, 1) });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest
    ? translate('courses.duration.hoursMinutes', { hours, minutes: rest })
    : translate('courses.duration.hours', { hours });
}

/**
 * A course in a grid (catalogue, landing, other courses by the educator, My Enrolled Courses):
 * thumbnail, category (and level with `showLevel`; the language when not English), title, the educator, the length of its video
 * when known, ₹ price (the educator's list price struck through beside it) and the server's
 * average rating with the number of reviews. A card action (the wishlist's heart, through
 * CourseCardAction) sits on the thumbnail. By default
 * the whole card opens /viewcourse/{id}; with `children` (e.g. progress and Watch Now) those
 * replace the price row and the card itself is not a link.
 */
export function CourseCard({
  course,
  eager = false,
  sizes = CARD_SIZES,
  heading: Heading = 'h3',
  showLevel = false,
  children,
}: {
  course: CourseCardData;
  eager?: boolean;
  sizes?: string;
  heading?: 'h2' | 'h3';
  showLevel?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const linked = children === undefined;
  const action = useContext(CourseCardAction);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-white shadow-sm transition-shadow hover:shadow-md focus-within:shadow-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2">
      <CourseThumbnail course={course} sizes={sizes} eager={eager} alt="" />
      {linked && action && <div className="absolute right-3 top-3">{action(course._id)}</div>}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-2">
          <Chip>{categoryName(course.category)}</Chip>
          {showLevel && course.level && <Chip tone="brand">{levelName(course.level)}</Chip>}
          <LanguageChip language={course.language} />
        </div>
        <Heading lang={course.language} className="line-clamp-2 text-base font-semibold leading-snug text-ink">
          {linked ? (
            <Link
              to={`/viewcourse/${course._id}`}
              // The card shows the keyboard focus (a ring around all of it) instead of the link's outline.
              className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              {course.title}
            </Link>
          ) : (
            course.title
          )}
        </Heading>
        {course.creatorName && <p className="text-sm text-muted">{course.creatorName}</p>}
        {course.totalDurationSeconds != null && (
          <p className="inline-flex items-center gap-1.5 text-sm text-muted">
            <Clock size={14} aria-hidden="true" />
            <span>
              <span className="sr-only">{t('courses.card.length')} </span>
              {t('courses.card.ofVideo', { duration: formatDuration(course.totalDurationSeconds) })}
            </span>
          </p>
        )}
        {linked ? (
          // Wraps the rating under the price on narrow cards (three columns beside the filters).
          <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-2">
            <span className="inline-flex items-baseline gap-2 whitespace-nowrap">
              <span className="text-base font-bold text-ink">{formatPrice(course.price)}</span>
              {course.listPrice != null && (
                <s className="text-sm text-muted">
                  <span className="sr-only">{t('courses.card.listPrice')} </span>
                  {formatPrice(course.listPrice)}
                </s>
              )}
            </span>
            <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-sm text-muted">
              <Stars value={course.avgRating} size={14} />
              <span>
                {t('courses.card.reviews', { count: course.reviewCount, shown: formatNumber(course.reviewCount) })}
              </span>
            </span>
          </div>
        ) : (
          <div className="mt-auto flex flex-col gap-3 pt-1">{children}</div>
        )}
      </div>
    </article>
  );
}

/** Placeholder with the card's exact shape, so nothing jumps when the courses arrive. */
export function CourseCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-card border border-line bg-white" aria-hidden="true">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <Skeleton className="h-5 w-24 rounded-full" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
        <div className="flex justify-between pt-2">
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-5 w-28" />
        </div>
      </div>
    </div>
  );
}
