import type { Course } from '@kaksha/contracts';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/Card';
import { Chip } from '../../../components/ui/Chip';
import { Stars } from '../../../components/ui/Stars';
import { formatPrice } from '../../../lib/format';
import { CourseThumbnail } from './CourseThumbnail';

/** Card widths per layout, so the browser picks the smallest thumbnail rendition that is sharp. */
export const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 92vw';

/**
 * A course in a grid (catalogue, landing, other courses by the educator): thumbnail, title,
 * category, ₹ price and the server's average rating. The whole card opens /viewcourse/{id}.
 */
export function CourseCard({ course, eager = false }: { course: Course; eager?: boolean }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-white shadow-sm transition-shadow hover:shadow-md focus-within:shadow-md">
      <CourseThumbnail course={course} sizes={CARD_SIZES} eager={eager} alt="" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div>
          <Chip>{course.category}</Chip>
        </div>
        <h3 className="line-clamp-2 text-base font-semibold leading-snug text-ink">
          <Link
            to={`/viewcourse/${course._id}`}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {course.title}
          </Link>
        </h3>
        {course.creatorName && <p className="text-sm text-muted">{course.creatorName}</p>}
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <span className="text-base font-bold text-ink">{formatPrice(course.price)}</span>
          <span className="inline-flex items-center gap-1.5 text-sm text-muted">
            <Stars value={course.avgRating} size={14} />
            <span>
              ({course.reviewCount} {course.reviewCount === 1 ? 'review' : 'reviews'})
            </span>
          </span>
        </div>
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
