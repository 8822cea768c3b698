import type { users } from '../../core/db/schema/index.ts';
import { html, longDate, t } from '../../core/i18n.ts';
import type { MailMessage } from '../../core/mailer.ts';

type UserRow = typeof users.$inferSelect;

const escapeAttribute = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "Your data is ready": the link to the export, in the user's language, and how long it works. */
export function exportReadyMail(
  user: Pick<UserRow, 'email' | 'name' | 'locale'>,
  link: string,
  expiresAt: Date,
  hours: number,
  productName = 'Kaksha',
): MailMessage {
  const locale = user.locale;
  const values = { name: user.name, product: productName, link, hours, date: longDate(locale, expiresAt) };
  const subject = t(locale, 'mail.export.subject', values);
  const text = [
    t(locale, 'mail.greeting', values),
    '',
    t(locale, 'mail.export.ready', values),
    '',
    t(locale, 'mail.export.download', values),
    '',
    t(locale, 'mail.signoff', values),
  ].join('\n');
  const body = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#0f172a">
<p>${html(locale, 'mail.greeting', values)}</p>
<p>${html(locale, 'mail.export.ready', values)}</p>
<p><a href="${escapeAttribute(link)}" style="display:inline-block;background:#0f172a;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none">${html(locale, 'mail.export.button')}</a></p>
<p>${html(locale, 'mail.signoff', values)}</p>
</body></html>`;
  // Of no use once the link has expired.
  return { to: user.email, subject, text, html: body, validForMs: hours * 3_600_000 };
}
