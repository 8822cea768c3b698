import { Button } from '@/components/ui/Button';
import { useT } from '@/i18n';

/** Upload progress with its percentage and a Cancel button; `status` says why it waits (offline). */
export function UploadProgress({
  percent,
  onCancel,
  fileName,
  status,
}: {
  percent: number;
  onCancel: () => void;
  fileName?: string;
  status?: string;
}) {
  const t = useT();
  const done = percent >= 100;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="min-w-0 truncate text-ink" id="upload-label">
          {t(done ? 'lectures.upload.processing' : 'lectures.upload.uploading', {
            file: fileName ?? t('lectures.upload.video'),
          })}
        </span>
        <span className="font-semibold tabular-nums text-ink" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="upload-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-ink transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-amber-800 empty:hidden" role="status">
        {status}
      </p>
      <div>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          {t('lectures.upload.cancel')}
        </Button>
      </div>
    </div>
  );
}
