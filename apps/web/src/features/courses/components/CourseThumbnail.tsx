import type { Course } from '@kaksha/contracts';
import { ImageOff } from 'lucide-react';

/**
 * A course's 16:9 thumbnail with every rendition in srcset; the box keeps its size before the
 * image loads (no layout jump). Lazy unless `eager` (above the fold).
 */
export function CourseThumbnail({
  course,
  sizes,
  eager = false,
  alt,
  className = '',
}: {
  course: Pick<Course, 'thumbnail' | 'thumbnailSrcSet' | 'title'>;
  sizes: string;
  eager?: boolean;
  /** Defaults to the title; '' where the title is already next to it. */
  alt?: string;
  className?: string;
}) {
  if (!course.thumbnail) {
    const box = `flex aspect-video w-full items-center justify-center bg-slate-100 text-slate-400 ${className}`;
    const icon = <ImageOff size={32} aria-hidden="true" />;
    return alt === '' ? (
      <div className={box} aria-hidden="true">
        {icon}
      </div>
    ) : (
      <div className={box} role="img" aria-label={`${course.title} (no thumbnail)`}>
        {icon}
      </div>
    );
  }
  return (
    <img
      src={course.thumbnail}
      srcSet={course.thumbnailSrcSet ?? undefined}
      sizes={course.thumbnailSrcSet ? sizes : undefined}
      width={640}
      height={360}
      alt={alt ?? course.title}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      className={`aspect-video w-full bg-slate-100 object-cover ${className}`}
    />
  );
}
