import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends the message (SMTP), or files it in the development mailbox. */
  send(message: MailMessage): Promise<void>;
  kind: 'smtp' | 'mailbox';
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Outgoing mail through nodemailer. With `SMTP_URL` it goes to that server; without, every
 * message is written as JSON ({to, subject, text, html}) to `DATA_DIR/mail/` and its subject
 * logged, so a developer can read codes locally. Bodies are never logged.
 */
export const mailerPlugin = fp(
  async (app) => {
    const { smtpUrl, from, mailboxDir } = app.config.mail;
    if (smtpUrl) {
      const transport = nodemailer.createTransport(smtpUrl);
      app.addHook('onClose', async () => transport.close());
      app.decorate('mailer', {
        kind: 'smtp',
        async send(message) {
          await transport.sendMail({ from, ...message });
          app.log.info({ to: message.to, subject: message.subject }, 'mail sent');
        },
      } satisfies Mailer);
      return;
    }
    app.decorate('mailer', {
      kind: 'mailbox',
      async send(message) {
        await mkdir(mailboxDir, { recursive: true });
        const file = path.join(mailboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.json`);
        await writeFile(file, `${JSON.stringify({ from, ...message, date: new Date().toISOString() }, null, 2)}\n`);
        app.log.info({ to: message.to, subject: message.subject, file }, 'mail written to the development mailbox');
      },
    } satisfies Mailer);
  },
  { name: 'mailer' },
);
