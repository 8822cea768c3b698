import { useT } from '@/i18n';
/** A labelled progress bar: "{percent}% complete". */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const t = useT();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-xs text-muted">
        <span>{label}</span>
        <span className="font-semibold text-ink">{t('viewer.percentComplete', { percent: value })}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-green-600 transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
