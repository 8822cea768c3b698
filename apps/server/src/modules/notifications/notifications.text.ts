import type { Locale, NotificationKind } from '@kaksha/contracts';
import { rupees, t } from '../../core/i18n.ts';

/*
 * A notification's title and body in the reader's language (issue #29). A notification stores its
 * kind and the values its messages are worded with (`params`), so the bell, the list and the
 * e-mails word it when they are read, in the reader's locale of that moment: `notification.<kind>.
 * title|body` of core/i18n. Names, course and lecture titles and the question's words are values,
 * shown as written. Rows stored before #29 have no params and keep their stored English text.
 */

/** The values of each kind's messages; an amount is stored in paise and worded per locale. */
export interface NotificationParams {
  lecture: { course: string; lecture: string };
  certificate: { course: string };
  refund: { course: string; amountPaise: number };
  question: { course: string; question: string };
  answer: { question: string; name: string; answer: string };
  accepted: { question: string };
}

/** What a notification row holds of its text. */
export interface StoredText {
  kind: NotificationKind;
  params: Record<string, string | number> | null;
  title: string | null;
  body: string | null;
}

/** The title and body in `locale`: worded from params, else the row's stored (English) text. */
export function wordNotification(locale: Locale, row: StoredText): { title: string; body: string } {
  if (!row.params) return { title: row.title ?? '', body: row.body ?? '' };
  const values: Record<string, string | number> = { ...row.params };
  if (typeof values.amountPaise === 'number') values.amount = rupees(locale, values.amountPaise);
  return {
    title: t(locale, `notification.${row.kind}.title`, values),
    body: t(locale, `notification.${row.kind}.body`, values),
  };
}
