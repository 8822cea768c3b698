import { currentLocale, intlLocale } from '@/i18n';

/** 0.0342 → '3.4%' ('3.4%' in Hindi too), in the interface's language. */
export const formatShare = (share: number) =>
  new Intl.NumberFormat(intlLocale(currentLocale()), { style: 'percent', maximumFractionDigits: 1 }).format(share);

/** '2026-11-27' → '27 Nov' ('27 नव॰'): a chart's day. */
export const formatDay = (date: string) =>
  new Intl.DateTimeFormat(intlLocale(currentLocale()), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** '2026-11-27' → '27 Nov 2026': a table's day. */
export const formatFullDay = (date: string) =>
  new Intl.DateTimeFormat(intlLocale(currentLocale()), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
