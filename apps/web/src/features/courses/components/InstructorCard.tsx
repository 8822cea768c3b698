import type { Creator } from '@kaksha/contracts';
import { Mail } from 'lucide-react';
import { Avatar } from '@/components/ui/Avatar';
import { Skeleton } from '@/components/ui/Card';
import { useT } from '@/i18n';
import { formatNumber } from '@/lib/format';
import { useCreator } from '../api/creator';

/**
 * The course creator's public profile (from getcreator): name, photo, bio and their published
 * courses' figures; the e-mail only when they chose to show it. Silent when it cannot be loaded
 * (spec §8).
 */
export function InstructorCard({ creatorId, title }: { creatorId: string; title?: string }) {
  const t = useT();
  const { data: creator, isPending, isError } = useCreator(creatorId);
  if (isError) return null;
  return (
    <section aria-labelledby="instructor-title" className="rounded-card border border-line bg-white p-5 shadow-sm">
      <h2 id="instructor-title" className="mb-4 text-xl font-bold text-ink">
        {title ?? t('course.instructor')}
      </h2>
      {isPending ? (
        <div className="flex items-center gap-4" aria-hidden="true">
          <Skeleton className="size-16 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-4">
          <Avatar name={creator.name} photoUrl={creator.photoUrl} size={64} alt="" />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="text-lg font-semibold text-ink">{creator.name}</p>
            <CreatorFigures creator={creator} />
            {creator.description && <p className="text-sm leading-relaxed text-muted">{creator.description}</p>}
            {creator.email && (
              <p className="inline-flex items-center gap-1.5 break-all text-sm text-muted">
                <Mail size={14} aria-hidden="true" />
                <a href={`mailto:${creator.email}`} className="underline underline-offset-2 hover:text-ink">
                  {creator.email}
                </a>
              </p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

/** "3 courses · 1,204 learners · 4.6 average rating": counted from their published courses. */
function CreatorFigures({ creator }: { creator: Creator }) {
  const t = useT();
  const figures = [
    t('course.creator.courses', { count: creator.courseCount, shown: formatNumber(creator.courseCount) }),
    t('course.creator.learners', { count: creator.learnerCount, shown: formatNumber(creator.learnerCount) }),
    ...(creator.reviewCount > 0 ? [t('course.creator.rating', { rating: creator.avgRating.toFixed(1) })] : []),
  ];
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
      {figures.map((figure, i) => (
        <li key={figure} className="flex items-center gap-3">
          {i > 0 && <span aria-hidden="true">·</span>}
          {figure}
        </li>
      ))}
    </ul>
  );
}
