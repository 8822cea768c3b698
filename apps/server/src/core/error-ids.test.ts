import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_IDS, GENERIC_ERROR_IDS, MESSAGES } from '@kaksha/contracts';
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../test/app.ts';
import { passwordResets } from './db/schema/index.ts';
import { badRequest, conflict, notFound, tooManyRequests, unauthorized } from './errors.ts';

/** The server's shipped sources (no tests), as one text. */
function shippedSources(): string {
  const root = path.resolve(import.meta.dirname, '..');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.ts$/.test(entry.name) && !/\.test(-helpers)?\.ts$/.test(entry.name)) files.push(file);
    }
  };
  walk(root);
  return files.map((file) => readFileSync(file, 'utf8')).join('\n');
}

describe('error ids', () => {
  it('are listed once each, in snake case (the coupon ids keep the keys they were first sent with)', () => {
    expect(new Set(ERROR_IDS).size).toBe(ERROR_IDS.length);
    for (const id of ERROR_IDS) expect(id).toMatch(/^[a-z]+(_[a-z]+)*$|^coupon_[a-zA-Z]+$/);
    for (const id of GENERIC_ERROR_IDS) expect(ERROR_IDS).toContain(id);
  });

  it('are each raised by the server: no id is listed that no error carries', () => {
    const source = shippedSources();
    const built = [
      // Ids built from a key: coupon_<problem>, gstin_<problem>, <thing>_not_found, creator_only_<thing>.
      /^coupon_(invalid|inactive|notStarted|expired|exhausted|foreign|used|tooLarge)$/,
      /^gstin_(format|check|state)$/,
      /^creator_only_(course|lecture|section|quiz)$/,
    ];
    const fromMessages = new Set(
      Object.keys(MESSAGES).map((key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)),
    );
    const unused = ERROR_IDS.filter(
      (id) => !source.includes(`'${id}'`) && !built.some((re) => re.test(id)) && !fromMessages.has(id),
    );
    expect(unused).toEqual([]);
  });

  it('of a MESSAGES text are its key in snake case; other bare messages get the kind of failure', () => {
    expect(conflict(MESSAGES.emailTaken)).toMatchObject({ id: 'email_taken', message: MESSAGES.emailTaken });
    expect(unauthorized(MESSAGES.invalidLogin).id).toBe('invalid_login');
    expect(badRequest(MESSAGES.searchQueryRequired).id).toBe('search_query_required');
    expect(badRequest('Something only this module says').id).toBe('bad_request');
    expect(notFound()).toMatchObject({ id: 'not_found', message: 'Not found' });
    expect(unauthorized()).toMatchObject({ id: 'unauthorized', message: 'Please log in to continue' });
  });

  it('carry the values of a worded wait', () => {
    expect(tooManyRequests(1)).toMatchObject({
      message: 'Too many attempts. Please try again in 1 second.',
      params: { wait: 1, unit: 'second' },
    });
    expect(tooManyRequests(61)).toMatchObject({
      message: 'Too many attempts. Please try again in 2 minutes.',
      params: { wait: 2, unit: 'minute' },
    });
  });
});

describe('error answers: a stable id beside the same English message', async () => {
  const app = await buildTestApp();
  const send = (method: 'GET' | 'POST', url: string, payload?: unknown, cookie?: string) =>
    app.inject({
      method,
      url,
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });

  it('sign-up with an e-mail that has an account, and a wrong password', async () => {
    const user = await createUser(app, { password: 'right-password-1' });
    const taken = await send('POST', '/api/auth/signup', { name: 'Two', email: user.email, password: 'longenough' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'An account with this email already exists', id: 'email_taken' });
    const wrong = await send('POST', '/api/auth/login', { email: user.email, password: 'wrong-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', id: 'invalid_login' });
  });

  it('a wrong OTP says how many tries are left, in the message and in params', async () => {
    const user = await createUser(app);
    await send('POST', '/api/auth/sendotp', { email: user.email });
    // The code is 1234 now, so 0000 is wrong.
    await app.db
      .update(passwordResets)
      .set({ codeHash: await hash('1234') })
      .where(eq(passwordResets.userId, user.id));
    const res = await send('POST', '/api/auth/verifyotp', { email: user.email, otp: '0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid OTP. 4 attempts left.', id: 'otp_wrong', params: { left: 4 } });
  });

  it('unknown course, unknown route, bad JSON and a field that fails validation', async () => {
    const course = await send('GET', `/api/course/getcourse/${crypto.randomUUID()}`);
    expect(course.statusCode).toBe(404);
    expect(course.json()).toEqual({ message: 'Course not found', id: 'course_not_found' });

    const route = await send('GET', '/api/nowhere');
    expect(route.json()).toEqual({ message: 'Route GET /api/nowhere not found', id: 'route_not_found' });

    const json = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: 'The request body is not valid JSON', id: 'invalid_json' });

    const invalid = await send('POST', '/api/auth/signup', {
      name: 'A',
      email: 'not-an-email',
      password: 'longenough',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ id: 'validation', fields: { email: expect.any(String) } });
  });

  it("an educator's course, changed by another educator; a learner claiming a certificate too early", async () => {
    const owner = await createUser(app, { role: 'educator' });
    const other = await createUser(app, { role: 'educator' });
    const course = await createCourse(app, owner.id, {
      title: 'Ids',
      lectures: [{ lectureTitle: 'One' }, { lectureTitle: 'Two' }],
    });
    const edit = await send(
      'POST',
      `/api/course/editcourse/${course.id}`,
      { title: 'Mine now' },
      await loginCookie(app, other),
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({
      message: "Only the course's creator can change this course",
      id: 'creator_only_course',
    });

    const learner = await createUser(app);
    await enroll(app, learner.id, course.id);
    const claim = await send('POST', `/api/certificate/claim/${course.id}`, undefined, await loginCookie(app, learner));
    expect(claim.statusCode).toBe(409);
    expect(claim.json()).toEqual({
      message: 'Complete 2 more lectures to get your certificate',
      id: 'certificate_incomplete',
      params: { lectures: 2, quizzes: 0, quizTitles: '' },
    });
  });

  it('a coupon that does not exist keeps its coupon_ id and field', async () => {
    const owner = await createUser(app, { role: 'educator' });
    const course = await createCourse(app, owner.id, { title: 'Paid', price: 999 });
    const learner = await createUser(app);
    const res = await send(
      'POST',
      '/api/payment/quote',
      { courseId: course.id, couponCode: 'NOPE-1234' },
      await loginCookie(app, learner),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'This coupon code is not valid.',
      id: 'coupon_invalid',
      fields: { couponCode: 'This coupon code is not valid.' },
    });
  });

  it('Q&A, notifications, earnings, the operator console and search answer ids of their own', async () => {
    const educator = await createUser(app, { role: 'educator' });
    const learner = await createUser(app);
    const outsider = await createUser(app);
    const course = await createCourse(app, educator.id, { title: 'Ids of Q&A', lectures: [{ lectureTitle: 'One' }] });
    await enroll(app, learner.id, course.id);
    const [teacher, asker, stranger] = await Promise.all([educator, learner, outsider].map((u) => loginCookie(app, u)));
    const answer = (res: { statusCode: number; json: () => unknown }) => [res.statusCode, res.json()];

    expect(
      answer(await send('POST', '/api/qa/ask', { courseId: course.id, title: 'Why?', body: 'b' }, stranger)),
    ).toEqual([
      403,
      { message: 'Only learners enrolled in this course and its educator can use its Q&A', id: 'qa_members_only' },
    ]);
    const asked = await send('POST', '/api/qa/ask', { courseId: course.id, title: 'Why?', body: 'b' }, asker);
    const questionId = asked.json()._id as string;
    expect(answer(await send('POST', `/api/qa/report/${questionId}`, { reason: 'spam' }, asker))).toEqual([
      400,
      { message: 'You cannot report your own post', id: 'qa_report_own_post' },
    ]);
    expect((await send('POST', `/api/qa/report/${crypto.randomUUID()}`, { reason: 'spam' }, asker)).json()).toEqual({
      message: 'Question or answer not found',
      id: 'qa_post_not_found',
    });
    const ask = { courseId: course.id, title: 'When?', body: 'b', timestampSec: 5 };
    expect((await send('POST', '/api/qa/ask', ask, asker)).json()).toMatchObject({ id: 'qa_moment_needs_lecture' });
    expect((await send('GET', `/api/qa/course/${course.id}?cursor=nonsense`, undefined, asker)).json()).toMatchObject({
      message: 'This page link is out of date; start from the first page',
      id: 'page_link_stale',
    });

    const stream = await send('GET', '/api/notifications/stream', undefined, asker);
    expect(answer(stream)).toEqual([
      406,
      {
        message: 'This is an event stream: ask for it with Accept: text/event-stream',
        id: 'notifications_stream_only',
      },
    ]);
    expect((await send('GET', '/api/notifications?cursor=nonsense', undefined, asker)).json()).toMatchObject({
      id: 'page_link_stale',
    });
    expect((await send('GET', '/api/notifications/unsubscribe?token=nope')).json()).toMatchObject({
      message: 'This unsubscribe link is not valid. Change what we e-mail you in your notification settings.',
      id: 'notification_unsubscribe_invalid',
    });

    expect(answer(await send('GET', '/api/admin/orders', undefined, teacher))).toEqual([
      403,
      { message: 'Only an operator (admin) can do this', id: 'admins_only' },
    ]);
    const operator = await createUser(app);
    await app.db.execute(sql`update users set role = 'admin' where id = ${operator.id}`);
    const admin = await loginCookie(app, operator);
    const paid = await send(
      'POST',
      `/api/admin/payouts/${crypto.randomUUID()}/mark-paid`,
      { reference: 'UTR123456' },
      admin,
    );
    expect(answer(paid)).toEqual([404, { message: 'Payout not found', id: 'payout_not_found' }]);
    const gst = await send('GET', '/api/admin/gst/report?month=2026-04&format=csv', undefined, admin);
    expect(gst.json()).toMatchObject({ id: 'gst_table_required', params: { tables: expect.any(String) } });

    const long = await send('POST', '/api/ai/search', { input: 'python '.repeat(100) }, asker);
    expect(long.json()).toMatchObject({
      id: 'search_query_too_long',
      params: { max: expect.any(Number) },
      message: expect.stringMatching(/^Search query is too long \(at most \d+ characters\)$/),
    });
  });
});
