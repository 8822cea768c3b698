import { ImageIcon } from 'lucide-react';

/** A course thumbnail, or the placeholder picture when the course has none (spec §2). */
export function CourseThumb({
  src,
  srcSet,
  title,
  className = '',
  sizes = '96px',
}: {
  src: string | null | undefined;
  srcSet?: string | null;
  title: string;
  className?: string;
  sizes?: string;
}) {
  if (src) {
    return (
      <img
        src={src}
        srcSet={srcSet ?? undefined}
        sizes={sizes}
        alt={title}
        width={160}
        height={90}
        loading="lazy"
        className={`aspect-video rounded-md object-cover ${className}`}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={`${title}: no thumbnail yet`}
      className={`flex aspect-video items-center justify-center rounded-md bg-slate-200 text-slate-500 ${className}`}
    >
      <ImageIcon size={22} aria-hidden="true" />
    </div>
  );
}
