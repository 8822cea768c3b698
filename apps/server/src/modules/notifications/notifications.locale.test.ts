import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../core/mailer.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';
import { waitFor } from '../../test/redis-server.ts';
import { notifyRefundProcessed } from './notifications.service.ts';

interface Mail extends MailMessage {
  headers: Record<string, string>;
}
interface Listed {
  kind: string;
  title: string;
  body: string;
  link: string;
}

/*
 * Issue #29: a notification is stored as its kind and values and worded in the reader's language
 * whenever it is read (the bell's list, the instant e-mail, the digest); rows stored before keep
 * their English text.
 */
describe('notifications in the reader’s language', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator', name: 'Ananya Iyer' });
  const hindi = await createUser(app, { name: 'प्रिया शर्मा' });
  const english = await createUser(app, { name: 'Rahul Verma' });
  const course = await createCourse(app, educator.id, {
    title: 'CSS Layouts',
    lectures: [{ lectureTitle: 'Flexbox' }],
  });
  await enroll(app, hindi.id, course.id);
  await enroll(app, english.id, course.id);
  const cookies = {
    educator: await loginCookie(app, educator),
    hindi: await loginCookie(app, hindi),
    english: await loginCookie(app, english),
  };
  type Who = keyof typeof cookies;
  const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { cookie: cookies[who] } });
  const setLocale = async (who: Who, locale: 'en' | 'hi') =>
    expect((await call(who, 'PUT', '/api/user/locale', { locale })).statusCode).toBe(200);
  await setLocale('hindi', 'hi');

  const inbox = async (who: Who) => (await call(who, 'GET', '/api/notifications')).json().notifications as Listed[];
  const mailsTo = async (email: string): Promise<Mail[]> => {
    const dir = app.config.mail.mailboxDir;
    const files = (await readdir(dir).catch(() => [] as string[])).sort();
    const all = await Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as Mail),
    );
    return all.filter((m) => m.to === email);
  };
  const ask = async (who: Who, title: string) => {
    const res = await call(who, 'POST', '/api/qa/ask', { courseId: course.id, title, body: 'b' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };
  const answer = async (who: Who, questionId: string, body: string) =>
    expect((await call(who, 'POST', `/api/qa/answer/${questionId}`, { body })).statusCode).toBe(201);

  it('words the bell’s list in each reader’s language, from the same event', async () => {
    const res = await call('educator', 'POST', `/api/course/createlecture/${course.id}`, {
      lectureTitle: 'Grid areas',
    });
    expect(res.statusCode).toBe(201);
    await app.notifications.dispatch();
    expect((await inbox('hindi'))[0]).toMatchObject({
      kind: 'lecture',
      title: 'CSS Layouts में नया लेक्चर',
      body: 'Grid areas',
    });
    expect((await inbox('english'))[0]).toMatchObject({
      kind: 'lecture',
      title: 'New lecture in CSS Layouts',
      body: 'Grid areas',
    });
    // Stored as kind and values, no text.
    const rows = (await app.db.execute(sql`select title, body, params from notifications where user_id = ${hindi.id}`))
      .rows as { title: string | null; body: string | null; params: unknown }[];
    expect(rows).toEqual([{ title: null, body: null, params: { course: 'CSS Layouts', lecture: 'Grid areas' } }]);
  });

  it('words amounts the language’s way, and follows a change of language at the next read', async () => {
    const [order] = (
      await app.db.execute(sql`
        insert into payment_orders (provider_order_id, provider, user_id, course_id, amount, status, expires_at)
        values ('order_locale_refund', 'sandbox', ${hindi.id}, ${course.id}, 12345650, 'paid', now() + interval '1 hour')
        returning id`)
    ).rows as { id: string }[];
    const [refund] = (
      await app.db.execute(sql`
        insert into refunds (order_id, user_id, course_id, amount, reason, status)
        values (${order.id}, ${hindi.id}, ${course.id}, 12345650, 'Changed my mind', 'processed') returning id`)
    ).rows as { id: string }[];
    expect(await notifyRefundProcessed(app.db, refund.id)).toBe(true);
    const refundOf = async () => (await inbox('hindi')).find((n) => n.kind === 'refund');
    expect(await refundOf()).toMatchObject({
      title: 'आपका रिफ़ंड प्रोसेस हो गया है',
      body: 'CSS Layouts के ₹1,23,456.50 आपके भुगतान के तरीक़े में वापस भेजे जा रहे हैं।',
    });
    await setLocale('hindi', 'en');
    expect(await refundOf()).toMatchObject({
      title: 'Your refund is processed',
      body: '₹1,23,456.50 for CSS Layouts is on its way back to your payment method.',
    });
    await setLocale('hindi', 'hi');
  });

  it('mails an answer in the asker’s language, with the same one-click unsubscribe', async () => {
    const inHindi = await ask('hindi', 'Gap या margin?');
    const inEnglish = await ask('english', 'Gap or margin?');
    await answer('educator', inHindi, 'Prefer <gap>.');
    await answer('educator', inEnglish, 'Prefer <gap>.');
    await waitFor(
      async () => (await mailsTo(hindi.email)).length > 0 && (await mailsTo(english.email)).length > 0,
      15_000,
      'both answer e-mails',
    );
    const [hi] = await mailsTo(hindi.email);
    expect(hi.subject).toBe('“Gap या margin?” का नया जवाब');
    expect(hi.text).toMatch(/^नमस्ते प्रिया शर्मा,\n/);
    expect(hi.text).toContain('Ananya Iyer: Prefer <gap>.');
    expect(hi.text).toContain('आपको यह ई-मेल आपके सवालों के जवाबों की ई-मेल के लिए मिला है।');
    expect(hi.html).toContain('<html lang="hi">');
    expect(hi.html).toContain('Kaksha में खोलें');
    expect(hi.html).toContain('Prefer &#60;gap&#62;.');
    const url = /^<(.+)>$/.exec(hi.headers['List-Unsubscribe'])?.[1] ?? '';
    expect(hi.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(hi.html).toContain(`<a href="${url}">सदस्यता छोड़ें</a>`);

    const [en] = await mailsTo(english.email);
    expect(en.subject).toBe('New answer to “Gap or margin?”');
    expect(en.text).toMatch(/^Hello Rahul Verma,\n/);
    expect(en.text).toContain(
      'You get this e-mail for e-mails about answers to your questions. Unsubscribe with one click:',
    );
    expect(en.html).toContain('Open in Kaksha');

    // The link's page is in the reader's language; the API's answer keeps its English message.
    const link = new URL(url);
    const target = `${link.pathname}${link.search}`;
    const page = await app.inject({ method: 'GET', url: target, headers: { accept: 'text/html' } });
    expect(page.body).toContain('<html lang="hi">');
    expect(page.body).toContain('<button type="submit">सदस्यता छोड़ें</button>');
    expect((await app.inject({ method: 'GET', url: target })).json().message).toBe(
      'Stop e-mails about answers to your questions? You can change what we e-mail you at any time in your notification settings.',
    );
    const done = await app.inject({
      method: 'POST',
      url: target,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.json()).toMatchObject({ scope: 'answer', unsubscribed: true });
    const invalid = await app.inject({
      method: 'GET',
      url: '/api/notifications/unsubscribe?token=nope',
      headers: { accept: 'text/html', cookie: 'locale=hi' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('लिंक मान्य नहीं है');
  });

  it('gathers the digest in the educator’s language', async () => {
    await setLocale('educator', 'hi');
    for (const title of ['Joins?', 'Indexes?']) await ask('english', title);
    await app.notifications.dispatch();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await app.notifications.sendDigests(new Date(`${tomorrow}T09:00:00+05:30`))).toBeGreaterThanOrEqual(1);
    const [digest] = await mailsTo(educator.email);
    // Four questions wait: two in the last test, two here.
    expect(digest.subject).toBe('आपका Kaksha सारांश: 4 अपडेट');
    expect(digest.text).toMatch(/^नमस्ते Ananya Iyer, आपके पिछले सारांश के बाद यह हुआ:\n/);
    expect(digest.text).toContain('CSS Layouts पर नया सवाल\nJoins?');
    expect(digest.text).toContain('रोज़ाना सारांश के लिए मिला है');
  });

  it('shows rows stored before #29 with their English text, to readers of either language', async () => {
    const [event] = (
      await app.db.execute(sql`
        insert into notification_events (kind, dedupe_key, actor_id, dispatched_at)
        values ('certificate', 'certificate:old-row', null, now()) returning id`)
    ).rows as { id: string }[];
    await app.db.execute(sql`
      insert into notifications (user_id, event_id, kind, title, body, link, mail)
      select u, ${event.id}::uuid, 'certificate', 'Your certificate is ready', 'You completed Old Course. Congratulations!', '/certificate/x', 'none'
      from unnest(${`{${hindi.id},${english.id}}`}::uuid[]) u`);
    for (const who of ['hindi', 'english'] as const) {
      expect((await inbox(who))[0]).toMatchObject({
        kind: 'certificate',
        title: 'Your certificate is ready',
        body: 'You completed Old Course. Congratulations!',
      });
    }
    // A row needs its text or its values.
    await expect(
      app.db.execute(sql`
        insert into notifications (user_id, event_id, kind, link) values (${educator.id}, ${event.id}, 'certificate', '/x')`),
    ).rejects.toThrow();
  });
});
