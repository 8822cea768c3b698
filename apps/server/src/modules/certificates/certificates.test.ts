import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../core/db/schema/index.ts';
import { fontUses } from '../../core/pdf-glyphs.test-helpers.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';
import { PDF_RATE_LIMIT } from './certificates.routes.ts';

describe('certificates', async () => {
  const app = await buildTestApp();
  const publicUrl = app.config.publicUrl;
  const owner = await createUser(app, { role: 'educator', name: 'Asha Teacher' });
  const otherEducator = await createUser(app, { role: 'educator' });
  const student = await createUser(app);
  const course = await createCourse(app, owner.id, {
    title: 'Algebra Basics',
    lectures: [{ lectureTitle: 'One' }, { lectureTitle: 'Two' }],
  });
  const hidden = await createCourse(app, owner.id, { isPublished: false, lectures: [{ lectureTitle: 'x' }] });
  const empty = await createCourse(app, owner.id, { title: 'Nothing yet' });

  const cookieOf = async (user: { id: string }) => ({ cookie: await loginCookie(app, user) });
  const post = (url: string, headers = {}, payload?: object) => app.inject({ method: 'POST', url, headers, payload });
  const get = (url: string, headers = {}) => app.inject({ url, headers });
  const claim = (courseId: string, headers = {}) => post(`/api/certificate/claim/${courseId}`, headers);
  const complete = (lectureId: string, headers: object) =>
    post(`/api/progress/${lectureId}`, headers, { positionSeconds: 0, completed: true });

  const ownerHeaders = await cookieOf(owner);
  const quizRes = await post(`/api/quiz/create/${course.id}`, ownerHeaders, {
    title: 'Final check',
    passPercent: 50,
    questions: [{ prompt: '1 + 1', kind: 'single', options: ['1', '2'], correct: [1] }],
  });
  const quizId = quizRes.json()._id as string;
  // Answers name options by id (learners see them shuffled); the creator's answer lists them as written.
  const [wrongId, rightId] = quizRes.json().questions[0].optionIds as string[];
  const pass = (headers: object) => post(`/api/quiz/submit/${quizId}`, headers, { answers: [[rightId]] });
  const fail = (headers: object) => post(`/api/quiz/submit/${quizId}`, headers, { answers: [[wrongId]] });

  /** An enrolled learner, with the lectures and quiz done as asked. */
  async function learnerWith(done: { lectures: number; quiz: boolean }, name?: string) {
    const user = await createUser(app, { name });
    await enroll(app, user.id, course.id);
    const headers = await cookieOf(user);
    for (const lecture of course.lectures.slice(0, done.lectures)) await complete(lecture.id, headers);
    if (done.quiz) expect((await pass(headers)).json().passed).toBe(true);
    return { user, headers };
  }

  const finished = await learnerWith({ lectures: 2, quiz: true }, 'Ravi Learner');
  let certificateId = '';

  it('claims for anonymous 401, not enrolled 403 (students, other educators, the creator), 404 unknown', async () => {
    expect((await claim(course.id)).statusCode).toBe(401);
    for (const user of [student, otherEducator, owner]) {
      const res = await claim(course.id, await cookieOf(user));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only learners enrolled in this course can get its certificate');
    }
    expect((await claim(hidden.id, await cookieOf(student))).statusCode).toBe(404);
    expect((await claim('nope', finished.headers)).statusCode).toBe(404);
    expect((await claim(crypto.randomUUID(), finished.headers)).statusCode).toBe(404);
  });

  it('says what is missing: lectures and quizzes', async () => {
    const fresh = await learnerWith({ lectures: 0, quiz: false });
    await fail(fresh.headers);
    const res = await claim(course.id, fresh.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Complete 2 more lectures and pass the quiz "Final check" to get your certificate');

    const oneLecture = await learnerWith({ lectures: 1, quiz: true });
    const lecture = await claim(course.id, oneLecture.headers);
    expect(lecture.statusCode).toBe(409);
    expect(lecture.json().message).toBe('Complete 1 more lecture to get your certificate');

    const noQuiz = await learnerWith({ lectures: 2, quiz: false });
    const quiz = await claim(course.id, noQuiz.headers);
    expect(quiz.statusCode).toBe(409);
    expect(quiz.json().message).toBe('Pass the quiz "Final check" to get your certificate');
  });

  it('counts a lecture watched to 90% as completed', async () => {
    const watcher = await learnerWith({ lectures: 1, quiz: true });
    await post(`/api/progress/${course.lectures[1].id}`, watcher.headers, { positionSeconds: 90, duration: 100 });
    expect((await claim(course.id, watcher.headers)).statusCode).toBe(201);
  });

  it('has no certificate for a course without lectures', async () => {
    const user = await createUser(app);
    await enroll(app, user.id, empty.id);
    const res = await claim(empty.id, await cookieOf(user));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This course has no lectures yet, so it has no certificate');
  });

  it('issues the certificate once; claiming again answers the same one', async () => {
    const first = await claim(course.id, finished.headers);
    expect(first.statusCode).toBe(201);
    const cert = first.json();
    certificateId = cert._id;
    expect(cert).toEqual({
      _id: expect.any(String),
      courseId: course.id,
      learnerName: 'Ravi Learner',
      courseTitle: 'Algebra Basics',
      educatorName: 'Asha Teacher',
      issuedAt: expect.any(String),
      verifyUrl: `${publicUrl}/certificate/${cert._id}`,
      pdfUrl: `${publicUrl}/api/certificate/${cert._id}/pdf`,
      revokedAt: null,
    });
    const again = await claim(course.id, finished.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(cert);
  });

  it('issues one certificate under simultaneous claims', async () => {
    const racer = await learnerWith({ lectures: 2, quiz: true });
    const answers = await Promise.all([1, 2, 3].map(() => claim(course.id, racer.headers)));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(new Set(answers.map((r) => r.json()._id)).size).toBe(1);
  });

  it('lists my certificates', async () => {
    expect((await get('/api/certificate/mine')).statusCode).toBe(401);
    const mine = await get('/api/certificate/mine', finished.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((c: { _id: string }) => c._id)).toEqual([certificateId]);
    expect((await get('/api/certificate/mine', await cookieOf(student))).json()).toEqual([]);
    expect((await get('/api/certificate/mine', ownerHeaders)).json()).toEqual([]);
  });

  it('verifies publicly, for everyone, without any email; the name stays as issued', async () => {
    await app.db.update(users).set({ name: 'Renamed Later' }).where(eq(users.id, finished.user.id));
    const viewers = [{}, await cookieOf(student), await cookieOf(otherEducator), ownerHeaders, finished.headers];
    for (const headers of viewers) {
      const res = await get(`/api/certificate/verify/${certificateId}`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        _id: certificateId,
        learnerName: 'Ravi Learner',
        courseTitle: 'Algebra Basics',
      });
      expect(res.body).not.toMatch(/@|email/i);
    }
    expect((await get('/api/certificate/verify/nope')).statusCode).toBe(404);
    const unknown = await get(`/api/certificate/verify/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Certificate not found');
  });

  it('answers an A4 landscape PDF, publicly', async () => {
    for (const headers of [{}, finished.headers]) {
      const res = await get(`/api/certificate/${certificateId}/pdf`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="kaksha-certificate-${certificateId}.pdf"`);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const pdf = res.rawPayload.toString('latin1');
      expect(pdf.startsWith('%PDF')).toBe(true);
      expect(pdf).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
      // The QR code is embedded as an image.
      expect(pdf).toMatch(/\/Subtype \/Image/);
    }
    expect((await get('/api/certificate/nope/pdf')).statusCode).toBe(404);
    expect((await get(`/api/certificate/${crypto.randomUUID()}/pdf`)).statusCode).toBe(404);
  });

  it("words the PDF in the learner's language, whoever downloads it", async () => {
    const words = async () => {
      const res = await get(`/api/certificate/${certificateId}/pdf`);
      expect(res.statusCode).toBe(200);
      return fontUses(res.rawPayload)
        .map((use) => use.text)
        .join(' ');
    };
    expect(await words()).toContain('Certificate of Completion');
    await app.db.update(users).set({ locale: 'hi' }).where(eq(users.id, finished.user.id));
    const hindi = await words();
    expect(hindi).not.toMatch(/Certificate|certifies|completed|taught by|Issued on/);
    // The learner's name and the title as they were written, the labels in Devanagari.
    expect(hindi).toContain('Ravi Learner');
    expect(hindi).toContain('Algebra Basics');
    expect(hindi).toMatch(/[\u0900-\u097f]/);
    await app.db.update(users).set({ locale: 'en' }).where(eq(users.id, finished.user.id));
  });

  it('limits PDF renders per client: 429 once the share of the minute is used', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PDF_RATE_LIMIT.max; i++) statuses.push((await get('/api/certificate/nope/pdf')).statusCode);
    expect(statuses).toContain(429);
    expect((await get(`/api/certificate/${certificateId}/pdf`)).statusCode).toBe(429);
    // Verification is not limited.
    expect((await get(`/api/certificate/verify/${certificateId}`)).statusCode).toBe(200);
  });
});
