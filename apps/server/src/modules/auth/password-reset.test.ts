import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { passwordResets } from '../../core/db/schema/index.ts';
import { mailerPlugin } from '../../core/mailer.ts';
import { SESSION_COOKIE } from '../../core/sessions.ts';
import { buildTestApp, createUser, loginCookie } from '../../test/app.ts';
import { RESET_COOKIE } from './auth.routes.ts';
import { otpMail } from './password-reset.ts';

/** A real SMTP server on loopback; every received message is parsed and kept. */
async function startSmtp() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const toOf = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    countTo: (to: string) => received.filter((m) => toOf(m) === to).length,
    /** Waits for the next message to `to` after the first `skip` ones. */
    async waitFor(to: string, skip = 0) {
      for (let i = 0; i < 200; i++) {
        const mine = received.filter((m) => toOf(m) === to);
        if (mine.length > skip) return mine[skip];
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail to ${to}`);
    },
  };
}

const codeIn = (mail: ParsedMail) => mail.text?.match(/code is: (\d{4})/)?.[1] ?? '';

describe('password reset by email OTP (real SMTP server)', async () => {
  const smtp = await startSmtp();
  const app = await buildTestApp({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_SCALE: '100' });
  const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
    app.inject({ method: 'POST', url: `/api/auth/${url}`, payload, headers: cookie ? { cookie } : {} });
  const resetCookie = (res: { cookies: { name: string; value: string }[] }) => {
    const c = res.cookies.find((x) => x.name === RESET_COOKIE);
    return c ? `${RESET_COOKIE}=${c.value}` : undefined;
  };
  /** sendotp, and the code from the mail the SMTP server receives. */
  const requestCode = async (email: string) => {
    const before = smtp.countTo(email);
    const res = await post('sendotp', { email });
    expect(res.statusCode).toBe(200);
    return codeIn(await smtp.waitFor(email, before));
  };
  const wrongCode = (code: string) => String((Number(code) + 1) % 10000).padStart(4, '0');

  it('mails a 4-digit code (plain text and HTML, product name) and answers without revealing the account', async () => {
    const user = await createUser(app, { name: 'Reset Me' });
    const res = await post('sendotp', { email: `  ${user.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    const unknown = await post('sendotp', { email: 'nobody-at-all@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(res.json());
    expect(res.json().message).toBe('If an account exists for this email, we have sent a 4-digit code to it');

    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('Kaksha password reset code');
    expect(mail.from?.text).toContain('no-reply@kaksha.local');
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{4}$/);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('Kaksha');
    expect(mail.text).toContain('Kaksha');
    // Only a hash is stored.
    const [row] = await app.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^\$argon2id\$/);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received.some((m) => m.text?.includes('nobody-at-all'))).toBe(false);
  });

  it('runs the whole flow: verify, reset once, every session revoked, new password works', async () => {
    const user = await createUser(app, { password: 'old-password' });
    const session1 = await loginCookie(app, user);
    const session2 = await loginCookie(app, user);
    const code = await requestCode(user.email);

    const verified = await post('verifyotp', { email: user.email, otp: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'OTP verified successfully' });
    const proof = resetCookie(verified);
    expect(proof).toBeTruthy();
    expect(verified.cookies.find((c) => c.name === RESET_COOKIE)).toMatchObject({ httpOnly: true, path: '/api/auth' });

    const reset = await post('resetpassword', { email: user.email, password: 'brand-new-password' }, proof);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successfully' });

    for (const cookie of [session1, session2]) {
      expect((await app.inject({ url: '/api/user/currentuser', headers: { cookie } })).json()).toBeNull();
      const update = await app.inject({
        method: 'POST',
        url: '/api/user/updateprofile',
        payload: { name: 'X' },
        headers: { cookie },
      });
      expect(update.statusCode).toBe(401);
    }
    const oldLogin = await post('login', { email: user.email, password: 'old-password' });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post('login', { email: user.email, password: 'brand-new-password' });
    expect(newLogin.statusCode).toBe(200);
    expect(newLogin.cookies.some((c) => c.name === SESSION_COOKIE && c.value)).toBe(true);

    // Once: the same verification cannot reset again.
    const again = await post('resetpassword', { email: user.email, password: 'third-password' }, proof);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Please verify the OTP sent to your email before resetting your password.');
    // And the used code cannot be verified again.
    const reuse = await post('verifyotp', { email: user.email, otp: code });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('This OTP is invalid or has expired. Please request a new one.');
  });

  it('refuses a reset without a verified OTP', async () => {
    const user = await createUser(app);
    const none = await post('resetpassword', { email: user.email, password: 'new-password-1' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please verify the OTP sent to your email before resetting your password.');
    await requestCode(user.email);
    const unverified = await post('resetpassword', { email: user.email, password: 'new-password-1' });
    expect(unverified.statusCode).toBe(400);
    const unknown = await post('resetpassword', { email: 'ghost@example.com', password: 'new-password-1' });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses a reset from another browser than the one that verified (knowing the email is not enough)', async () => {
    const user = await createUser(app, { password: 'old-password' });
    const code = await requestCode(user.email);
    const verified = await post('verifyotp', { email: user.email, otp: code });
    expect(verified.statusCode).toBe(200);
    const attacker = await post('resetpassword', { email: user.email, password: 'attacker-pass' });
    expect(attacker.statusCode).toBe(400);
    const forged = await post(
      'resetpassword',
      { email: user.email, password: 'attacker-pass' },
      `${RESET_COOKIE}=forged`,
    );
    expect(forged.statusCode).toBe(400);
    // The real browser still can.
    const real = await post('resetpassword', { email: user.email, password: 'new-password' }, resetCookie(verified));
    expect(real.statusCode).toBe(200);
  });

  it('refuses a wrong code, and after 5 wrong tries even the right one until a new code is sent', async () => {
    const user = await createUser(app);
    const code = await requestCode(user.email);
    const bad = wrongCode(code);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post('verifyotp', { email: user.email, otp: bad });
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages).toEqual([
      'Invalid OTP. 4 attempts left.',
      'Invalid OTP. 3 attempts left.',
      'Invalid OTP. 2 attempts left.',
      'Invalid OTP. 1 attempt left.',
      'Too many wrong attempts. Please request a new OTP.',
    ]);
    const right = await post('verifyotp', { email: user.email, otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong attempts. Please request a new OTP.');

    const fresh = await requestCode(user.email);
    const ok = await post('verifyotp', { email: user.email, otp: fresh });
    expect(ok.statusCode).toBe(200);
  });

  it('allows at most 5 tries even when they arrive in parallel', async () => {
    const user = await createUser(app);
    const code = await requestCode(user.email);
    const bad = wrongCode(code);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post('verifyotp', { email: user.email, otp: bad })),
    );
    expect(results.every((r) => r.statusCode === 400)).toBe(true);
    const [row] = await app.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row.failedAttempts).toBe(5);
    expect((await post('verifyotp', { email: user.email, otp: code })).statusCode).toBe(400);
  });

  it('a right code after some wrong tries still verifies', async () => {
    const user = await createUser(app);
    const code = await requestCode(user.email);
    await post('verifyotp', { email: user.email, otp: wrongCode(code) });
    await post('verifyotp', { email: user.email, otp: wrongCode(code) });
    expect((await post('verifyotp', { email: user.email, otp: code })).statusCode).toBe(200);
  });

  it('refuses an expired code (older than 10 minutes)', async () => {
    const user = await createUser(app);
    const code = await requestCode(user.email);
    await app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const res = await post('verifyotp', { email: user.email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This OTP is invalid or has expired. Please request a new one.');
  });

  it('refuses a reset more than 10 minutes after verification', async () => {
    const user = await createUser(app);
    const code = await requestCode(user.email);
    const verified = await post('verifyotp', { email: user.email, otp: code });
    expect(verified.statusCode).toBe(200);
    await app.db
      .update(passwordResets)
      .set({ verifiedAt: new Date(Date.now() - 10 * 60_000 - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const res = await post('resetpassword', { email: user.email, password: 'new-password-1' }, resetCookie(verified));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your OTP verification has expired. Please request a new OTP.');
  });

  it('a new code replaces the old one', async () => {
    const user = await createUser(app);
    const first = await requestCode(user.email);
    const second = await requestCode(user.email);
    if (first !== second) {
      expect((await post('verifyotp', { email: user.email, otp: first })).statusCode).toBe(400);
    }
    expect((await post('verifyotp', { email: user.email, otp: second })).statusCode).toBe(200);
  });

  it('refuses a code for an email without an account, and bad input on every field', async () => {
    expect((await post('verifyotp', { email: 'ghost@example.com', otp: '1234' })).statusCode).toBe(400);
    const cases: [string, Record<string, unknown>, string][] = [
      ['sendotp', {}, 'Email is required'],
      ['sendotp', { email: 'nope' }, 'Enter a valid email address'],
      ['verifyotp', { email: 'a@b.co' }, 'OTP is required'],
      ['verifyotp', { email: 'a@b.co', otp: '12345' }, 'The OTP is the 4-digit code from the email'],
      ['verifyotp', { email: 'a@b.co', otp: 'abcd' }, 'The OTP is the 4-digit code from the email'],
      ['verifyotp', { otp: '1234' }, 'Email is required'],
      ['resetpassword', { email: 'a@b.co' }, 'Password is required'],
      ['resetpassword', { email: 'a@b.co', password: 'short' }, 'Password must be at least 8 characters'],
      ['resetpassword', { password: 'longenough' }, 'Email is required'],
    ];
    for (const [url, payload, message] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('development mailbox (no SMTP_URL)', async () => {
  const app = await buildTestApp();
  it('writes the message to DATA_DIR/mail as JSON with the code', async () => {
    const user = await createUser(app);
    const res = await app.inject({ method: 'POST', url: '/api/auth/sendotp', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    const dir = app.config.mail.mailboxDir;
    let files: string[] = [];
    for (let i = 0; i < 100 && files.length === 0; i++) {
      files = await readdir(dir).catch(() => []);
      if (!files.length) await new Promise((r) => setTimeout(r, 25));
    }
    expect(files).toHaveLength(1);
    const mail = JSON.parse(await readFile(path.join(dir, files[0]), 'utf8'));
    expect(mail).toMatchObject({ to: user.email, subject: 'Kaksha password reset code' });
    expect(mail.text).toMatch(/code is: \d{4}/);
    expect(mail.html).toMatch(/\d{4}/);
  });
});

describe('mailer logs', () => {
  /** The mailer alone, with its info-level log captured. */
  async function mailerWithLog(env: Record<string, string>) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-mailer-'));
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    app.decorate('config', loadConfig({ DATA_DIR: dataDir, ...env }));
    await app.register(mailerPlugin);
    await app.ready();
    afterAll(async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    // What the mailer wrote, without pino's clock and process id: digits there can match a code by chance.
    const logged = () =>
      lines
        .map((line) => {
          const { time: _time, pid: _pid, ...entry } = JSON.parse(line);
          return JSON.stringify(entry);
        })
        .join('\n');
    return { app, logged };
  }

  it('logs the subject of a development-mailbox message, never the code', async () => {
    const { app, logged } = await mailerWithLog({});
    expect(app.mailer.kind).toBe('mailbox');
    await app.mailer.send(otpMail('asha@example.com', 'Asha', '4821'));
    const log = logged();
    expect(log).toContain('Kaksha password reset code');
    expect(log).not.toContain('4821');
  });

  it('logs sent SMTP mail without the code', async () => {
    const smtp = await startSmtp();
    const { app, logged } = await mailerWithLog({ SMTP_URL: smtp.url });
    expect(app.mailer.kind).toBe('smtp');
    await app.mailer.send(otpMail('ravi@example.com', 'Ravi', '9034'));
    expect(codeIn(await smtp.waitFor('ravi@example.com'))).toBe('9034');
    expect(logged()).toContain('mail sent');
    expect(logged()).not.toContain('9034');
  });
});
