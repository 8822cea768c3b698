import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../core/mailer.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';

/*
 * A large account's export (issue #32): over PRIVACY_EXPORT_INLINE_ROWS rows it is made by a job,
 * kept in private storage and mailed as a link that only its owner can open, until it expires.
 * Here every account is "large" (the limit is 2 rows).
 */
describe('data export by a job', async () => {
  const app = await buildTestApp({ PRIVACY_EXPORT_INLINE_ROWS: '2', PRIVACY_EXPORT_LINK_HOURS: '24' });

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

  const user = await createUser(app, { name: 'Large Account' });
  const educator = await createUser(app, { role: 'educator' });
  for (let i = 0; i < 3; i++)
    await enroll(app, user.id, (await createCourse(app, educator.id, { title: `Course ${i}` })).id);
  const cookie = await loginCookie(app, user);

  it('queues the export (202), mails a link when ready, and the link answers the ZIP to its owner only', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/user/export', headers: { cookie } });
    expect(first.statusCode).toBe(202);
    const queued = first.json();
    expect(queued).toMatchObject({ status: 'queued', expiresAt: null });
    expect(queued.message).toMatch(/e-mail you a download link/);

    const mail = await mailTo(user.email);
    expect(mail.subject).toBe('Your Kaksha data is ready to download');
    const link = `${app.config.publicUrl}/api/user/export/${queued.id}`;
    expect(mail.text).toContain(link);
    expect(mail.text).toMatch(/works for 24 hours/);

    const listed = await app.inject({ method: 'GET', url: '/api/user/privacy', headers: { cookie } });
    expect(listed.json()).toMatchObject({ hasPassword: true, twoFactorEnabled: false });
    expect(listed.json().exports[0]).toMatchObject({ id: queued.id, status: 'ready', expiresAt: expect.any(String) });

    const zip = await app.inject({ method: 'GET', url: `/api/user/export/${queued.id}`, headers: { cookie } });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(JSON.parse(strFromU8(files['tables/enrollments.json']))).toHaveLength(3);

    const stranger = await loginCookie(app, educator);
    const other = await app.inject({
      method: 'GET',
      url: `/api/user/export/${queued.id}`,
      headers: { cookie: stranger },
    });
    expect(other.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/user/export/${queued.id}` })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/export/not-a-uuid', headers: { cookie } })).statusCode,
    ).toBe(404);
    // The job and then the mail job each wait for a worker's poll: seconds, or more on a busy machine.
  }, 120_000);

  it('stops answering an expired link, and removes its file on the next request', async () => {
    const [row] = (
      (await app.db.execute(
        sql`select id, storage_key from data_exports where user_id = ${user.id} and status = 'ready' limit 1`,
      )) as unknown as { rows: { id: string; storage_key: string }[] }
    ).rows;
    expect(await app.storage.stat(row.storage_key)).not.toBeNull();
    await app.db.execute(sql`update data_exports set expires_at = now() - interval '1 minute' where id = ${row.id}`);
    const res = await app.inject({ method: 'GET', url: `/api/user/export/${row.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json().id).toBe('privacy_export_not_found');
    await app.inject({ method: 'GET', url: '/api/user/export', headers: { cookie } });
    expect(await app.storage.stat(row.storage_key)).toBeNull();
  });
});
