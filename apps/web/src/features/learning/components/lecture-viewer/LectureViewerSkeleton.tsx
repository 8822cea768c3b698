import { Skeleton } from '@/components/ui/Card';
import { useT } from '@/i18n';

/** The viewer's shape while the course loads. */
export function LectureViewerSkeleton() {
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8" aria-busy="true">
      <span className="sr-only" role="status">
        {t('viewer.loading')}
      </span>
      <div className="mb-5 flex flex-col gap-2 pl-12">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-6 w-48 rounded-full" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Skeleton className="aspect-video w-full" />
        <div className="flex flex-col gap-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      </div>
    </div>
  );
}
