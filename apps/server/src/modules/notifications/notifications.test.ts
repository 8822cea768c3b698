import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../core/mailer.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';
import { waitFor } from '../../test/redis-server.ts';
import { sendNotificationMail } from './notifications.mail.ts';
import { notifyRefundProcessed } from './notifications.service.ts';

type Method = 'GET' | 'POST' | 'PUT';
interface Mail extends MailMessage {
  headers: Record<string, string>;
}

describe('notifications', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator', name: 'Ananya Iyer' });
  const asker = await createUser(app, { name: 'Priya Sharma' });
  const classmate = await createUser(app, { name: 'Aditya Rao' });
  const outsider = await createUser(app);
  const course = await createCourse(app, educator.id, {
    title: 'CSS Layouts',
    lectures: [{ lectureTitle: 'Flexbox' }],
  });
  await enroll(app, asker.id, course.id);
  await enroll(app, classmate.id, course.id);
  const cookies = {
    educator: await loginCookie(app, educator),
    asker: await loginCookie(app, asker),
    classmate: await loginCookie(app, classmate),
    outsider: await loginCookie(app, outsider),
  };
  type Who = keyof typeof cookies;
  const call = (who: Who | null, method: Method, url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: who ? { cookie: cookies[who] } : {} });

  const ask = async (who: Who, title = 'How does justify-content work?') => {
    const res = await call(who, 'POST', '/api/qa/ask', { courseId: course.id, title, body: 'Main axis?' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };
  const answer = async (who: Who, questionId: string, body = 'Along the main axis.') => {
    const res = await call(who, 'POST', `/api/qa/answer/${questionId}`, { body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };
  const inbox = async (who: Who) => {
    const res = await call(who, 'GET', '/api/notifications');
    expect(res.statusCode).toBe(200);
    return res.json() as {
      notifications: { _id: string; kind: string; title: string; body: string; link: string; read: boolean }[];
      unreadCount: number;
      nextCursor: string | null;
    };
  };
  const mails = async (): Promise<Mail[]> => {
    const dir = app.config.mail.mailboxDir;
    const files = await readdir(dir).catch(() => [] as string[]);
    return Promise.all(files.sort().map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as Mail));
  };
  const mailsTo = async (email: string) => (await mails()).filter((m) => m.to === email);
  /** Events recorded by a request are dispatched right after it; this waits for the rest (hooks in other modules). */
  const dispatched = () => app.notifications.dispatch();

  it('needs a session for everything but the unsubscribe link', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read', { all: true }],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences', { answer: 'off' }],
      ['GET', '/api/notifications/stream'],
    ] as const) {
      expect((await call(null, method, url, body)).statusCode, url).toBe(401);
    }
  });

  it('tells the educator of a question and the asker of an answer, never the one who did it', async () => {
    const question = await ask('asker', 'Why is my flex item shrinking?');
    await dispatched();
    const forEducator = await inbox('educator');
    expect(forEducator.notifications[0]).toMatchObject({
      kind: 'question',
      title: 'New question on CSS Layouts',
      body: 'Why is my flex item shrinking?',
      link: `/viewlecture/${course.id}?question=${question}`,
      read: false,
    });
    expect((await inbox('asker')).notifications).toEqual([]);

    await answer('educator', question, 'Set flex-shrink: 0 on it.');
    await answer('asker', question, 'Thanks, that worked!');
    await dispatched();
    const forAsker = await inbox('asker');
    expect(forAsker.notifications.map((n) => [n.kind, n.body])).toEqual([
      ['answer', 'Ananya Iyer: Set flex-shrink: 0 on it.'],
    ]);
    // Nobody is told about their own question or answer; the educator hears of no answer to someone else's question.
    expect((await inbox('educator')).notifications.map((n) => n.kind)).toEqual(['question']);

    const fromClassmate = await answer('classmate', question, 'Or min-width: 0.');
    const accepted = await call('asker', 'POST', `/api/qa/accept/${fromClassmate}`, {});
    expect(accepted.statusCode).toBe(200);
    // Accepted again after being taken off: still one notification.
    await call('asker', 'POST', `/api/qa/accept/${fromClassmate}`, { accepted: false });
    await call('asker', 'POST', `/api/qa/accept/${fromClassmate}`, {});
    await dispatched();
    expect((await inbox('classmate')).notifications.map((n) => [n.kind, n.title])).toEqual([
      ['accepted', 'Your answer was accepted'],
    ]);
    expect((await inbox('asker')).notifications).toHaveLength(2);
  });

  it('keeps read state per user: {ids} marks only one’s own, {all: true} the rest', async () => {
    const before = await inbox('asker');
    expect(before.unreadCount).toBeGreaterThan(0);
    const theirs = (await inbox('educator')).notifications[0]._id;
    const mine = before.notifications[0]._id;
    const res = await call('asker', 'POST', '/api/notifications/read', { ids: [mine, theirs, 'not-an-id'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unreadCount: before.unreadCount - 1 });
    expect((await inbox('educator')).notifications[0].read).toBe(false);
    expect((await call('asker', 'POST', '/api/notifications/read', { all: true })).json()).toEqual({ unreadCount: 0 });
    expect((await inbox('asker')).notifications.every((n) => n.read)).toBe(true);
    const bad = await call('asker', 'POST', '/api/notifications/read', { ids: [] });
    expect(bad.statusCode).toBe(400);
  });

  it('tells enrolled learners of a new lecture, and the learner of their certificate', async () => {
    const res = await call('educator', 'POST', `/api/course/createlecture/${course.id}`, {
      lectureTitle: 'Grid areas',
    });
    expect(res.statusCode).toBe(201);
    const lectureId = res.json().lecture._id;
    await dispatched();
    for (const who of ['asker', 'classmate'] as const) {
      expect((await inbox(who)).notifications[0]).toMatchObject({
        kind: 'lecture',
        title: 'New lecture in CSS Layouts',
        body: 'Grid areas',
        link: `/viewlecture/${course.id}?lecture=${lectureId}`,
      });
    }
    expect((await inbox('outsider')).notifications).toEqual([]);
    expect((await inbox('educator')).notifications.some((n) => n.kind === 'lecture')).toBe(false);

    const short = await createCourse(app, educator.id, { title: 'One lecture', lectures: [{ lectureTitle: 'Only' }] });
    await enroll(app, asker.id, short.id);
    const done = await call('asker', 'POST', `/api/progress/${short.lectures[0].id}`, {
      positionSeconds: 10,
      completed: true,
    });
    expect(done.statusCode).toBe(200);
    const claimed = await call('asker', 'POST', `/api/certificate/claim/${short.id}`);
    expect(claimed.statusCode).toBe(201);
    expect((await call('asker', 'POST', `/api/certificate/claim/${short.id}`)).statusCode).toBe(200);
    await dispatched();
    const certificates = (await inbox('asker')).notifications.filter((n) => n.kind === 'certificate');
    expect(certificates).toEqual([
      expect.objectContaining({ title: 'Your certificate is ready', link: `/certificate/${claimed.json()._id}` }),
    ]);
  });

  it('tells a learner once that their refund is processed, however often it is reported', async () => {
    const [order] = (
      await app.db.execute(sql`
        insert into payment_orders (provider_order_id, provider, user_id, course_id, amount, status, expires_at)
        values ('order_refund_test', 'sandbox', ${classmate.id}, ${course.id}, 129900, 'paid', now() + interval '1 hour')
        returning id`)
    ).rows as { id: string }[];
    const [refund] = (
      await app.db.execute(sql`
        insert into refunds (order_id, user_id, course_id, amount, reason, status)
        values (${order.id}, ${classmate.id}, ${course.id}, 129900, 'Changed my mind', 'pending') returning id`)
    ).rows as { id: string }[];
    // Pending: nothing to tell yet.
    expect(await notifyRefundProcessed(app.db, refund.id)).toBe(false);
    await app.db.execute(sql`update refunds set status = 'processed' where id = ${refund.id}`);
    expect(await notifyRefundProcessed(app.db, refund.id)).toBe(true);
    expect(await notifyRefundProcessed(app.db, refund.id)).toBe(false);
    await dispatched();
    expect((await inbox('classmate')).notifications.filter((n) => n.kind === 'refund')).toEqual([
      expect.objectContaining({
        title: 'Your refund is processed',
        body: '₹1,299 for CSS Layouts is on its way back to your payment method.',
        link: '/purchases',
      }),
    ]);
  });

  it('pages the list newest first by keyset', async () => {
    const all = (await inbox('asker')).notifications.map((n) => n._id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call('asker', 'GET', `/api/notifications?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...res.json().notifications.map((n: { _id: string }) => n._id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect((await call('asker', 'GET', '/api/notifications?cursor=garbage')).statusCode).toBe(400);
  });

  describe('e-mail', () => {
    it('has preferences per kind with the issue’s defaults, and refuses unknown kinds and modes', async () => {
      const res = await call('outsider', 'GET', '/api/notifications/preferences');
      expect(res.json()).toEqual({
        preferences: {
          answer: 'instant',
          accepted: 'off',
          question: 'daily',
          lecture: 'off',
          certificate: 'off',
          refund: 'off',
        },
      });
      const changed = await call('outsider', 'PUT', '/api/notifications/preferences', { lecture: 'daily' });
      expect(changed.json().preferences).toMatchObject({ lecture: 'daily', answer: 'instant' });
      const badMode = await call('outsider', 'PUT', '/api/notifications/preferences', { answer: 'sometimes' });
      expect(badMode.statusCode).toBe(400);
      expect(badMode.json().message).toMatch(/Choose instant, daily, off/);
      const badKind = await call('outsider', 'PUT', '/api/notifications/preferences', { gossip: 'off' });
      expect(badKind.statusCode).toBe(400);
      expect(badKind.json().message).toMatch(/Kinds are answer, accepted, question/);
    });

    it('mails an answer at once to the asker only, with a one-click unsubscribe that needs no session', async () => {
      const learner = await createUser(app, { name: 'Sneha Patel' });
      await enroll(app, learner.id, course.id);
      const cookie = await loginCookie(app, learner);
      const asked = await app.inject({
        method: 'POST',
        url: '/api/qa/ask',
        payload: { courseId: course.id, title: 'Gap vs margin?', body: 'Which one?' },
        headers: { cookie },
      });
      const questionId = asked.json()._id;
      await answer('educator', questionId, 'Prefer gap <between> items.');
      await waitFor(async () => (await mailsTo(learner.email)).length > 0, 15_000, 'the answer e-mail');
      const [mail] = await mailsTo(learner.email);
      expect(mail.subject).toBe('New answer to “Gap vs margin?”');
      expect(mail.text).toContain('Ananya Iyer: Prefer gap <between> items.');
      expect(mail.html).toContain('Prefer gap &#60;between&#62; items.');
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const url = new URL(/^<(.+)>$/.exec(mail.headers['List-Unsubscribe'])?.[1] ?? '');
      expect(mail.text).toContain(url.toString());
      // The educator answered (no mail for that) and a question waits for the daily digest.
      expect(await mailsTo(educator.email)).toEqual([]);

      const link = `${url.pathname}${url.search}`;
      const shown = await app.inject({ method: 'GET', url: link });
      expect(shown.json()).toMatchObject({ scope: 'answer', unsubscribed: false });
      const page = await app.inject({ method: 'GET', url: link, headers: { accept: 'text/html' } });
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('<form method="post"');
      // What a mailbox provider sends for RFC 8058: a form POST, no cookie.
      const done = await app.inject({
        method: 'POST',
        url: link,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ scope: 'answer', unsubscribed: true });
      expect(
        (await app.inject({ url: '/api/notifications/preferences', headers: { cookie } })).json().preferences.answer,
      ).toBe('off');
      const forged = link.replace(/token=[^.]+/, `token=${classmate.id}`);
      expect((await app.inject({ method: 'POST', url: forged })).statusCode).toBe(400);

      // Turned off: the next answer is in the app only.
      await answer('classmate', questionId, 'Margins collapse, gaps do not.');
      await dispatched();
      expect((await inbox('educator')).unreadCount).toBeGreaterThan(0);
      const after = await app.inject({ url: '/api/notifications', headers: { cookie } });
      expect(after.json().notifications).toHaveLength(2);
      expect(await mailsTo(learner.email)).toHaveLength(1);
    });

    it('sends the e-mail of an event once, however often its job runs, and again after a failed send', async () => {
      const learner = await createUser(app);
      await enroll(app, learner.id, course.id);
      const questionId = (
        await app.inject({
          method: 'POST',
          url: '/api/qa/ask',
          payload: { courseId: course.id, title: 'Retried?', body: 'b' },
          headers: { cookie: await loginCookie(app, learner) },
        })
      ).json()._id;
      await answer('educator', questionId);
      const [event] = (
        await app.db.execute(sql`select event_id from notifications where user_id = ${learner.id} and kind = 'answer'`)
      ).rows as { event_id: string }[];
      const sent: MailMessage[] = [];
      let failures = 1;
      const ctx = {
        db: app.db,
        publicUrl: app.config.publicUrl,
        send: async (m: MailMessage) => {
          if (failures-- > 0) throw new Error('SMTP down');
          sent.push(m);
        },
      };
      // The app's own worker sends it first; the same job run again, five times at once, sends nothing.
      await waitFor(async () => (await mailsTo(learner.email)).length === 1, 15_000, 'the worker’s e-mail');
      const job = { eventId: event.event_id, userId: learner.id };
      const runs = await Promise.all(Array.from({ length: 5 }, () => sendNotificationMail(ctx, job)));
      expect(runs).toEqual(Array(5).fill('already-sent'));
      expect(sent).toEqual([]);

      // A fresh event whose first send fails: the retry sends it, once.
      await app.db.execute(sql`delete from notification_mails_sent where event_id = ${event.event_id}`);
      await expect(sendNotificationMail(ctx, job)).rejects.toThrow('SMTP down');
      const retries = await Promise.all(Array.from({ length: 5 }, () => sendNotificationMail(ctx, job)));
      expect(retries.filter((r) => r === 'sent')).toHaveLength(1);
      expect(sent).toHaveLength(1);
      expect(await mailsTo(learner.email)).toHaveLength(1);
    });

    it('gathers new questions into one daily digest per educator and day', async () => {
      const teacher = await createUser(app, { role: 'educator', name: 'Rohan Mehta' });
      const own = await createCourse(app, teacher.id, { title: 'SQL' });
      await enroll(app, asker.id, own.id);
      for (const title of ['Joins?', 'Window functions?', 'Indexes?']) {
        await call('asker', 'POST', '/api/qa/ask', { courseId: own.id, title, body: 'b' });
      }
      await dispatched();
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      // 09:00 and 07:00 India time tomorrow: after and before that morning's 08:00 digest.
      const at = (hhmm: string) => new Date(`${tomorrow}T${hhmm}:00+05:30`);
      expect(await app.notifications.sendDigests(at('07:00'))).toBe(0);
      expect(await mailsTo(teacher.email)).toEqual([]);
      expect(await app.notifications.sendDigests(at('09:00'))).toBeGreaterThanOrEqual(1);
      const digest = await mailsTo(teacher.email);
      expect(digest).toHaveLength(1);
      expect(digest[0].subject).toBe('Your Kaksha digest: 3 updates');
      for (const title of ['Joins?', 'Window functions?', 'Indexes?']) expect(digest[0].text).toContain(title);
      expect(digest[0].headers['List-Unsubscribe']).toMatch(/unsubscribe\?token=/);
      // The same day again, or its job retried: nothing more.
      expect(await app.notifications.sendDigests(at('10:00'))).toBe(0);
      expect(await mailsTo(teacher.email)).toHaveLength(1);
    });
  });

  it('streams the unread count to the bell as it changes', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    await call('asker', 'POST', '/api/notifications/read', { all: true });
    // Only for a client asking for a stream: anything else would wait for ever.
    expect((await call('asker', 'GET', '/api/notifications/stream')).statusCode).toBe(406);
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`, {
      headers: { cookie: cookies.asker, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const counts: number[] = [];
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += value;
        for (const m of buffer.matchAll(/event: unread\ndata: (\{.*\})\n\n/g))
          counts.push(JSON.parse(m[1]).unreadCount);
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
      }
    })();
    await waitFor(() => counts.length === 1, 5_000, 'the first count');
    expect(counts).toEqual([0]);
    const question = await ask('asker', 'Live?');
    await answer('educator', question, 'Yes, live.');
    await waitFor(() => counts.at(-1) === 1, 5_000, 'the count after an answer');
    await call('asker', 'POST', '/api/notifications/read', { all: true });
    await waitFor(() => counts.at(-1) === 0, 5_000, 'the count after reading');
    controller.abort();
  });
});
