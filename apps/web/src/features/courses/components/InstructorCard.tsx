import { Mail } from 'lucide-react';
import { Avatar } from '../../../components/ui/Avatar';
import { Skeleton } from '../../../components/ui/Card';
import { useCreator } from '../api/creator';

/** The course creator's public profile (from getcreator). Silent when it cannot be loaded (spec §8). */
export function InstructorCard({ creatorId, title = 'Instructor' }: { creatorId: string; title?: string }) {
  const { data: creator, isPending, isError } = useCreator(creatorId);
  if (isError) return null;
  return (
    <section aria-labelledby="instructor-title" className="rounded-card border border-line bg-white p-5 shadow-sm">
      <h2 id="instructor-title" className="mb-4 text-xl font-bold text-ink">
        {title}
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
            {creator.description && <p className="text-sm leading-relaxed text-muted">{creator.description}</p>}
            <p className="inline-flex items-center gap-1.5 break-all text-sm text-muted">
              <Mail size={14} aria-hidden="true" />
              {creator.email}
            </p>
          </div>
        </div>
      )}
    </section>
  );
}
