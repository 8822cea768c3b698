import type { Course } from '@kaksha/contracts';
import { ImageOff } from 'lucide-react';
import { useT } from '@/i18n';
import { mediaSrcSet, mediaUrl } from '@/lib/media-url';

/**
 * A course's 16:9 thumbnail with every rendition in srcset; the box keeps its size before the
 * image loads (no layout jump). Lazy unless `eager` (above the fold). Without a thumbnail, a
 * placeholder picture (spec §2). Used by course cards, the course page and the educator screens.
 */
export function CourseThumbnail({
  course,
  sizes,
  eager = false,
  alt,
  className = '',
  widthClass = 'w-full',
  width = 640,
}: {
  course: Pick<Course, 'thumbnail' | 'thumbnailSrcSet' | 'title'>;
  sizes: string;
  eager?: boolean;
  /** Defaults to the title; '' where the title is already next to it. */
  alt?: string;
  className?: string;
  /** The box's width class (the height follows from 16:9). */
  widthClass?: string;
  /** The intrinsic width attribute (height is 9/16 of it). */
  width?: number;
}) {
  const t = useT();
  if (!course.thumbnail) {
    const box = `flex aspect-video ${widthClass} items-center justify-center bg-slate-100 text-slate-500 ${className}`;
    const icon = <ImageOff size={width < 200 ? 22 : 32} aria-hidden="true" />;
    return alt === '' ? (
      <div className={box} aria-hidden="true">
        {icon}
      </div>
    ) : (
      <div className={box} role="img" aria-label={t('course.noThumbnail', { title: course.title })}>
        {icon}
      </div>
    );
  }
  return (
    <img
      src={mediaUrl(course.thumbnail)}
      srcSet={course.thumbnailSrcSet ? mediaSrcSet(course.thumbnailSrcSet) : undefined}
      sizes={course.thumbnailSrcSet ? sizes : undefined}
      width={width}
      height={Math.round((width * 9) / 16)}
      alt={alt ?? course.title}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      className={`aspect-video ${widthClass} bg-slate-100 object-cover ${className}`}
    />
  );
}
