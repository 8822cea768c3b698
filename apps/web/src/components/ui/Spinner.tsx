import { useT } from '@/i18n';
/** A spinning ring announced as `label`; `label={null}` where text next to it already says it. */
export function Spinner({ className = 'size-5', label }: { className?: string; label?: string | null }) {
  const t = useT();
  const ring = (
    <span className={`${className} animate-spin rounded-full border-2 border-current border-t-transparent`} />
  );
  if (label === null) {
    return (
      <span aria-hidden="true" className="inline-flex">
        {ring}
      </span>
    );
  }
  return (
    <span role="status" aria-label={label ?? t('common.loading')} className="inline-flex">
      {ring}
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-muted">
      <Spinner className="size-8" />
    </div>
  );
}
