import { MessagesSquare } from 'lucide-react';
import { currentLocale, intlLocale, useT } from '@/i18n';
import { useQaStats } from '../api/questions';

/** A wait in the largest unit that reads naturally: 25 minutes, 3 hours, 2 days. */
export function formatWait(seconds: number) {
  const [value, unit] =
    seconds < 3600
      ? [Math.max(1, Math.round(seconds / 60)), 'minute']
      : seconds < 48 * 3600
        ? [Math.round(seconds / 3600), 'hour']
        : [Math.round(seconds / 86_400), 'day'];
  return new Intl.NumberFormat(intlLocale(currentLocale()), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * The course page's promise of help: the median time from a question to the educator's first
 * answer over the last 90 days. Nothing until the educator has answered a question in that time.
 */
export function QaResponseTime({ courseId }: { courseId: string }) {
  const t = useT();
  const { data } = useQaStats(courseId);
  if (!data || data.medianFirstAnswerSeconds === null) return null;
  return (
    <p className="flex items-start gap-2 text-sm text-ink">
      <MessagesSquare size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-muted" />
      <span>
        {t('qa.responseTime', { time: formatWait(data.medianFirstAnswerSeconds) })}{' '}
        <span className="text-muted">
          {t('qa.responseTimeBasis', { count: data.answeredQuestions, days: data.windowDays })}
        </span>
      </span>
    </p>
  );
}
