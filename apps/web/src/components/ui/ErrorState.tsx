import { RotateCw, TriangleAlert } from 'lucide-react';
import { useT } from '@/i18n';
import { Button } from './Button';

/** A load failed: say so (never an empty list in disguise) and offer Retry. */
export function ErrorState({
  title,
  onRetry,
  retrying = false,
}: {
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const t = useT();
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center gap-3 rounded-card border border-dashed border-red-300 bg-red-50/40 px-6 py-12 text-center"
    >
      <TriangleAlert size={36} className="text-red-700" aria-hidden="true" />
      <p className="text-base font-semibold text-ink">{title ?? t('common.loadFailed')}</p>
      {onRetry && (
        <Button
          variant="secondary"
          size="sm"
          onClick={onRetry}
          busy={retrying}
          icon={<RotateCw size={16} aria-hidden="true" />}
        >
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
