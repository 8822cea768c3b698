import type { Locale } from '@kaksha/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, users } from '../../core/db/schema/index.ts';
import { html, t } from '../../core/i18n.ts';
import type { Mailer, MailMessage } from '../../core/mailer.ts';

/**
 * What happens once a learner is newly enrolled, inside the enrolment's transaction (the mail
 * job exists only if the enrolment commits, and only a new enrolment queues one).
 */
export type EnrolmentNotice = (tx: DbOrTx, userId: string, courseId: string) => Promise<void>;

/** The "you are enrolled" mail, in the learner's language: the course's title and a link to its page. */
export function enrolmentMail(
  to: string,
  name: string,
  course: { id: string; title: string },
  publicUrl: string,
  locale: Locale = 'en',
  productName = 'Kaksha',
): MailMessage {
  const link = `${publicUrl}/viewcourse/${course.id}`;
  const values = { name, title: course.title, product: productName, link };
  const subject = t(locale, 'mail.enrolment.subject', values);
  const text = [
    t(locale, 'mail.greeting', values),
    '',
    t(locale, 'mail.enrolment.enrolled', values),
    '',
    t(locale, 'mail.enrolment.start', values),
    '',
    t(locale, 'mail.signoff', values),
  ].join('\n');
  const body = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#0f172a">
<p>${html(locale, 'mail.greeting', values)}</p>
<p>${html(locale, 'mail.enrolment.enrolledHtml', values)}</p>
<p><a href="${escapeAttribute(link)}" style="display:inline-block;background:#0f172a;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none">${html(locale, 'mail.enrolment.button')}</a></p>
<p style="font-size:13px;color:#475569">${html(locale, 'mail.enrolment.orOpen', values)}</p>
<p>${html(locale, 'mail.signoff', values)}</p>
</body></html>`;
  return { to, subject, text, html: body };
}

const escapeAttribute = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Queues the enrolment mail on the mail job queue, in the enrolment's transaction. */
export const mailOnEnrolment =
  (mailer: Mailer, publicUrl: string): EnrolmentNotice =>
  async (tx, userId, courseId) => {
    const [row] = await tx
      .select({ email: users.email, name: users.name, locale: users.locale, title: courses.title })
      .from(users)
      .innerJoin(courses, eq(courses.id, courseId))
      .where(eq(users.id, userId))
      .limit(1);
    if (row) {
      const course = { id: courseId, title: row.title };
      await mailer.enqueue(enrolmentMail(row.email, row.name, course, publicUrl, row.locale), tx);
    }
  };
