import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_IDS, GENERIC_ERROR_IDS, MESSAGES } from '@kaksha/contracts';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
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
});
