import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/index.ts';
import { MAIL_QUEUE, type MailMessage, mailJobOptions } from '../../core/mailer.ts';
import { buildTestApp, createUser } from '../../test/app.ts';
import { OTP_TTL_MS, otpMail } from './password-reset.ts';

describe('the reset-code mail job lives within the code', async () => {
  const app = await buildTestApp();

  it('all its tries and back-offs end before the code expires', () => {
    const options = mailJobOptions(otpMail('a@example.com', 'A', '1234').validForMs);
    const { retryLimit = 0, retryDelaySeconds = 0, expireInSeconds = 0, retentionSeconds = 0 } = options;
    // pg-boss waits at most retryDelay * 2^n before retry n (with back-off).
    let worst = (retryLimit + 1) * expireInSeconds;
    for (let n = 1; n <= retryLimit; n++) worst += retryDelaySeconds * 2 ** n;
    expect(worst * 1000).toBeLessThan(OTP_TTL_MS);
    expect(retentionSeconds * 1000).toBeLessThanOrEqual(OTP_TTL_MS);
    // Mail without an expiry keeps the long retries.
    expect(mailJobOptions().retryLimit).toBe(8);
  });

  it('sendotp queues it with those options, and the job data is only the message', async () => {
    const user = await createUser(app);
    const res = await app.inject({ method: 'POST', url: '/api/auth/sendotp', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    const { rows } = (await app.db.execute(
      sql`select data, retry_limit, extract(epoch from expire_in) as expire_in,
                 extract(epoch from keep_until - start_after) as kept
            from pgboss.job where name = ${MAIL_QUEUE} and data->>'to' = ${user.email}`,
    )) as unknown as {
      rows: { data: Record<string, unknown>; retry_limit: number; expire_in: number; kept: number }[];
    };
    expect(rows).toHaveLength(1);
    const [job] = rows;
    expect(job.retry_limit).toBe(4);
    expect(Number(job.expire_in)).toBe(60);
    expect(Number(job.kept) * 1000).toBeLessThanOrEqual(OTP_TTL_MS);
    expect(Object.keys(job.data).sort()).toEqual(['html', 'subject', 'text', 'to']);
  });

  /** The mail the worker wrote to the development mailbox (DATA_DIR/mail) for `to`, once it has. */
  async function mailTo(to: string): Promise<MailMessage> {
    const dir = app.config.mail.mailboxDir;
    for (;;) {
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        const mail = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as MailMessage;
        if (mail.to === to) return mail;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  describe("is written in the account's language", () => {
    it('Hindi for an account whose language is Hindi', async () => {
      const user = await createUser(app, { name: 'आशा वर्मा' });
      await app.db.update(users).set({ locale: 'hi' }).where(eq(users.id, user.id));
      await app.inject({ method: 'POST', url: '/api/auth/sendotp', payload: { email: user.email } });
      const mail = await mailTo(user.email);
      expect(mail.subject).toBe('Kaksha पासवर्ड रीसेट कोड');
      const code = /कोड है: (\d{4})\n/.exec(mail.text)?.[1];
      expect(code).toMatch(/^\d{4}$/);
      expect(mail.text).toBe(
        [
          'नमस्ते आशा वर्मा,',
          '',
          `आपका Kaksha पासवर्ड रीसेट कोड है: ${code}`,
          '',
          'यह कोड 10 मिनट तक मान्य है। अगर आपने पासवर्ड रीसेट करने के लिए नहीं कहा था, तो इस ईमेल को अनदेखा कर दें।',
          '',
          '— Kaksha',
        ].join('\n'),
      );
      expect(mail.html).toContain('<html lang="hi">');
      expect(mail.html).toContain(`>${code}</p>`);
      expect(mail.html).not.toMatch(/Hello|reset code|valid for/);
      // The code works: the mail is the real one.
      const verified = await app.inject({
        method: 'POST',
        url: '/api/auth/verifyotp',
        payload: { email: user.email, otp: code },
      });
      expect(verified.statusCode).toBe(200);
    });

    it('English, word for word, for everyone else', async () => {
      const user = await createUser(app, { name: 'Ravi' });
      await app.inject({ method: 'POST', url: '/api/auth/sendotp', payload: { email: user.email } });
      const mail = await mailTo(user.email);
      expect(mail.subject).toBe('Kaksha password reset code');
      const code = /code is: (\d{4})\n/.exec(mail.text)?.[1];
      expect(mail.text).toBe(
        [
          'Hello Ravi,',
          '',
          `Your Kaksha password reset code is: ${code}`,
          '',
          'It is valid for 10 minutes. If you did not ask to reset your password, you can ignore this email.',
          '',
          '— Kaksha',
        ].join('\n'),
      );
    });
  });
});
