import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { DbOrTx } from './db/client.ts';
import type { SendOptions } from './jobs.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields (`List-Unsubscribe`, `List-Unsubscribe-Post` on notification mail), sent as given. */
  headers?: Record<string, string>;
  /**
   * Mail that is of no use after this many milliseconds (a reset code): queued, it is retried
   * only within that time and dropped unsent after it. Not part of the message itself.
   */
  validForMs?: number;
}

export interface Mailer {
  /** Sends the message (SMTP), or files it in the development mailbox, now. */
  send(message: MailMessage): Promise<void>;
  /**
   * Queues the message on the durable job queue (inside `tx` when given, so it exists only if
   * the transaction commits); a worker on any instance sends it, retrying with back-off.
   */
  enqueue(message: MailMessage, tx?: DbOrTx): Promise<void>;
  kind: 'smtp' | 'mailbox';
}

/** The job queue that carries outgoing mail. */
export const MAIL_QUEUE = 'mail';

/**
 * Job options for a queued mail. Mail without an expiry is retried for about half an hour.
 * Mail valid for `validForMs` gets tries of at most a minute each and back-off (10 + 20 + 40 + 80 s
 * at most), which all end within its lifetime, and is dropped if still waiting at its end.
 */
export function mailJobOptions(validForMs?: number): Omit<SendOptions, 'tx'> {
  if (!validForMs) return { retryLimit: 8, retryDelaySeconds: 5 };
  return {
    retryLimit: 4,
    retryDelaySeconds: 5,
    expireInSeconds: 60,
    retentionSeconds: Math.max(1, Math.floor(validForMs / 1000)),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Outgoing mail through nodemailer. With `SMTP_URL` it goes to that server; without, every
 * message is written as JSON ({to, subject, text, html, headers}) to `DATA_DIR/mail/` and its subject
 * logged, so a developer can read codes locally. Bodies are never logged.
 */
export const mailerPlugin = fp(
  async (app) => {
    const { smtpUrl, from, mailboxDir } = app.config.mail;
    let send: Mailer['send'];
    if (smtpUrl) {
      const transport = nodemailer.createTransport(smtpUrl);
      app.addHook('onClose', async () => transport.close());
      send = async ({ validForMs: _, ...message }) => {
        await transport.sendMail({ from, ...message });
        app.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      };
    } else {
      send = async ({ validForMs: _, ...message }) => {
        await mkdir(mailboxDir, { recursive: true });
        const file = path.join(mailboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.json`);
        await writeFile(file, `${JSON.stringify({ from, ...message, date: new Date().toISOString() }, null, 2)}\n`);
        app.log.info({ to: message.to, subject: message.subject, file }, 'mail written to the development mailbox');
      };
    }
    // With the job queue (the app always has one), mail goes through it; alone (tests of the
    // mailer itself) it is sent at once.
    const jobs = app.hasDecorator('jobs') ? app.jobs : null;
    if (jobs) await jobs.work<MailMessage>(MAIL_QUEUE, (message) => send(message));
    app.decorate('mailer', {
      kind: smtpUrl ? 'smtp' : 'mailbox',
      send,
      async enqueue({ validForMs, ...message }, tx) {
        if (!jobs) return send(message);
        try {
          await jobs.send(MAIL_QUEUE, message, { tx, ...mailJobOptions(validForMs) });
        } catch (error) {
          // A failed query's error carries its parameters, here the message (a reset code): never log those.
          const cause = (error as { cause?: { message?: string } }).cause?.message;
          throw new Error(`could not queue the mail: ${cause ?? 'the job queue refused it'}`);
        }
      },
    } satisfies Mailer);
  },
  { name: 'mailer' },
);
