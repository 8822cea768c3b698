import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/index.ts';
import { MAIL_QUEUE } from '../../core/mailer.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { signWebhook } from './payments.provider.ts';

const WEBHOOK_SECRET = 'mail_test_webhook_secret';
const PUBLIC_URL = 'http://kaksha.test:8080';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

describe('the enrolment mail', async () => {
  const app = await buildTestApp({ PUBLIC_URL, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
  const educator = await createUser(app, { role: 'educator' });

  /** Mails the development mailbox (DATA_DIR/mail) holds for `to`. */
  async function mailsTo(to: string): Promise<Mail[]> {
    const dir = app.config.mail.mailboxDir;
    const names = await readdir(dir).catch(() => [] as string[]);
    const mails = await Promise.all(
      names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Mail),
    );
    return mails.filter((m) => m.to === to);
  }
  /** Waits until the mail worker has sent `count` mails to `to` (the queue is worked in the background). */
  async function waitForMails(to: string, count: number) {
    for (;;) {
      const mails = await mailsTo(to);
      if (mails.length >= count) return mails;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  /** Mail jobs ever queued for `to`, waiting, done or archived: what decides how many mails go out. */
  async function mailJobs(to: string) {
    const count = async (table: string) => {
      const { rows } = (await app.db.execute(
        sql`select count(*)::int as n from ${sql.raw(table)} where name = ${MAIL_QUEUE} and data->>'to' = ${to}`,
      )) as unknown as { rows: { n: number }[] };
      return Number(rows[0].n);
    };
    return (await count('pgboss.job')) + (await count('pgboss.archive').catch(() => 0));
  }

  async function learner() {
    const user = await createUser(app, { name: 'Meera Iyer' });
    return { user, cookie: await loginCookie(app, user) };
  }
  const post = (url: string, cookie: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/payment${url}`, headers: { cookie }, payload });

  async function payForOrder(who: { cookie: string }, courseId: string) {
    const order = await post('/create-order', who.cookie, { courseId });
    expect(order.statusCode, order.body).toBe(200);
    const paid = await post('/sandbox/pay', who.cookie, { orderId: order.json().id, outcome: 'success' });
    expect(paid.statusCode, paid.body).toBe(200);
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = paid.json();
    return { order: order.json(), fields: { razorpay_order_id, razorpay_payment_id, razorpay_signature, courseId } };
  }
  function webhook(orderId: string, paymentId: string, amount: number) {
    const payload = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: { entity: { id: paymentId, order_id: orderId, amount, currency: 'INR', status: 'captured' } },
      },
    });
    return app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signWebhook(payload, WEBHOOK_SECRET) },
      payload,
    });
  }

  it('mails a learner who enrols in a free course: the course title and a link to it', async () => {
    const course = await createCourse(app, educator.id, { title: 'Free <Python> & Pandas', price: 0 });
    const who = await learner();
    const res = await post('/create-order', who.cookie, { courseId: course.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().enrolled).toBe(true);

    const [mail] = await waitForMails(who.user.email, 1);
    const link = `${PUBLIC_URL}/viewcourse/${course.id}`;
    expect(mail.subject).toBe('You are enrolled in Free <Python> & Pandas');
    expect(mail.text).toContain('Hello Meera Iyer,');
    expect(mail.text).toContain('"Free <Python> & Pandas"');
    expect(mail.text).toContain(link);
    // The title is escaped in HTML; the link is there to click.
    expect(mail.html).toContain('Free &#60;Python&#62; &#38; Pandas');
    expect(mail.html).toContain(`href="${link}"`);
    expect(await mailJobs(who.user.email)).toBe(1);
  });

  it('mails once for a paid enrolment, however often it is verified and whatever the webhook says after', async () => {
    const course = await createCourse(app, educator.id, { title: 'Paid Course', price: 799 });
    const who = await learner();
    const { order, fields } = await payForOrder(who, course.id);
    const verifications = await Promise.all(
      Array.from({ length: 4 }, () => post('/verify-payment', who.cookie, fields)),
    );
    expect(verifications.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const hook = await webhook(order.id, fields.razorpay_payment_id, order.amount);
    expect(hook.statusCode).toBe(200);

    const [mail] = await waitForMails(who.user.email, 1);
    expect(mail.subject).toBe('You are enrolled in Paid Course');
    expect(mail.text).toContain(`${PUBLIC_URL}/viewcourse/${course.id}`);
    expect(await mailJobs(who.user.email)).toBe(1);
  });

  it('mails a learner enrolled by the webhook alone (their browser never came back), once', async () => {
    const course = await createCourse(app, educator.id, { title: 'Webhook Course', price: 1299 });
    const who = await learner();
    const { order, fields } = await payForOrder(who, course.id);
    for (let i = 0; i < 3; i++) {
      // Razorpay retries a webhook it thinks failed.
      expect((await webhook(order.id, fields.razorpay_payment_id, order.amount)).statusCode).toBe(200);
    }
    const [mail] = await waitForMails(who.user.email, 1);
    expect(mail.subject).toBe('You are enrolled in Webhook Course');
    // The browser comes back after all: enrolled already, no second mail.
    expect((await post('/verify-payment', who.cookie, fields)).statusCode).toBe(200);
    expect(await mailJobs(who.user.email)).toBe(1);
  });

  it('writes to a learner whose language is Hindi in Hindi (subject and body), the title as written', async () => {
    const course = await createCourse(app, educator.id, { title: 'Python <शुरुआत> से', price: 0 });
    const who = await learner();
    await app.db.update(users).set({ locale: 'hi' }).where(eq(users.id, who.user.id));
    expect((await post('/create-order', who.cookie, { courseId: course.id })).json().enrolled).toBe(true);

    const [mail] = await waitForMails(who.user.email, 1);
    const link = `${PUBLIC_URL}/viewcourse/${course.id}`;
    expect(mail.subject).toBe('आपका नामांकन हो गया: Python <शुरुआत> से');
    expect(mail.text).toBe(
      [
        'नमस्ते Meera Iyer,',
        '',
        'अब आप Kaksha पर "Python <शुरुआत> से" कोर्स में नामांकित हैं।',
        '',
        `सीखना शुरू करें: ${link}`,
        '',
        '— Kaksha',
      ].join('\n'),
    );
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.html).toContain('अब आप Kaksha पर <strong>Python &#60;शुरुआत&#62; से</strong> कोर्स में नामांकित हैं।');
    expect(mail.html).toContain(`>सीखना शुरू करें</a>`);
    expect(mail.html).toContain(`href="${link}"`);
    // No English sentence is left in it.
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/Hello|enrolled|Start learning|Or open/);
  });

  it('keeps the English mail word for word for everyone else', async () => {
    const course = await createCourse(app, educator.id, { title: 'Excel Basics', price: 0 });
    const who = await learner();
    expect((await post('/create-order', who.cookie, { courseId: course.id })).json().enrolled).toBe(true);
    const [mail] = await waitForMails(who.user.email, 1);
    const link = `${PUBLIC_URL}/viewcourse/${course.id}`;
    expect(mail.subject).toBe('You are enrolled in Excel Basics');
    expect(mail.text).toBe(
      [
        'Hello Meera Iyer,',
        '',
        'You are now enrolled in "Excel Basics" on Kaksha.',
        '',
        `Start learning: ${link}`,
        '',
        '— Kaksha',
      ].join('\n'),
    );
    expect(mail.html).toContain('<p>You are now enrolled in <strong>Excel Basics</strong> on Kaksha.</p>');
    expect(mail.html).toContain(`Or open this link: ${link}`);
  });

  it('mails nobody when no enrolment happens (a refused order)', async () => {
    const draft = await createCourse(app, educator.id, { title: 'Draft', price: 0, isPublished: false });
    const who = await learner();
    expect((await post('/create-order', who.cookie, { courseId: draft.id })).statusCode).toBe(404);
    expect(await mailJobs(who.user.email)).toBe(0);
  });
});
