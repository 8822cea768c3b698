import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { courses, users } from '../../core/db/schema/index.ts';
import type { Mailer, MailMessage } from '../../core/mailer.ts';

/**
 * What happens once a learner is newly enrolled, inside the enrolment's transaction (the mail
 * job exists only if the enrolment commits, and only a new enrolment queues one).
 */
export type EnrolmentNotice = (tx: DbOrTx, userId: string, courseId: string) => Promise<void>;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The "you are enrolled" mail: the course's title and a link to its page. */
export function enrolmentMail(
  to: string,
  name: string,
  course: { id: string; title: string },
  publicUrl: string,
  productName = 'Kaksha',
): MailMessage {
  const link = `${publicUrl}/viewcourse/${course.id}`;
  const subject = `You are enrolled in ${course.title}`;
  const text = [
    `Hello ${name},`,
    '',
    `You are now enrolled in "${course.title}" on ${productName}.`,
    '',
    `Start learning: ${link}`,
    '',
    `— ${productName}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
<p>Hello ${esc(name)},</p>
<p>You are now enrolled in <strong>${esc(course.title)}</strong> on ${productName}.</p>
<p><a href="${esc(link)}" style="display:inline-block;background:#0f172a;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none">Start learning</a></p>
<p style="font-size:13px;color:#475569">Or open this link: ${esc(link)}</p>
<p>— ${productName}</p>
</body></html>`;
  return { to, subject, text, html };
}

/** Queues the enrolment mail on the mail job queue, in the enrolment's transaction. */
export const mailOnEnrolment =
  (mailer: Mailer, publicUrl: string): EnrolmentNotice =>
  async (tx, userId, courseId) => {
    const [row] = await tx
      .select({ email: users.email, name: users.name, title: courses.title })
      .from(users)
      .innerJoin(courses, eq(courses.id, courseId))
      .where(eq(users.id, userId))
      .limit(1);
    if (row)
      await mailer.enqueue(enrolmentMail(row.email, row.name, { id: courseId, title: row.title }, publicUrl), tx);
  };
