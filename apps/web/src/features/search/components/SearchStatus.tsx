import { Spinner } from '@/components/ui/Spinner';
import { useT } from '@/i18n';

/** One short line for screen readers (listening, searching, how many found), not the whole grid. */
export function SearchStatus({
  listening,
  busy,
  found,
}: {
  listening: boolean;
  busy: boolean;
  /** How many courses the last search found (null before any). */
  found: number | null;
}) {
  const t = useT();
  return (
    <div role="status" className="mt-6">
      {listening ? (
        <p className="flex items-center gap-2 font-medium text-red-700">
          <span className="size-2.5 animate-pulse rounded-full bg-red-600" aria-hidden="true" />
          {t('search.listening')}
        </p>
      ) : busy ? (
        <p className="flex items-center gap-3 text-muted">
          <Spinner className="size-6" label={null} />
          {t('search.searching')}
        </p>
      ) : found === 0 ? (
        <p className="py-12 text-center text-lg font-semibold text-muted">{t('search.none')}</p>
      ) : found !== null ? (
        <p className="sr-only">{t('search.found', { count: found })}</p>
      ) : null}
    </div>
  );
}
