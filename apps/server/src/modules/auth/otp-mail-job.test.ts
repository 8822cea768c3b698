import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAIL_QUEUE, mailJobOptions } from '../../core/mailer.ts';
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
});
