import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { certificates, quizzes, reviews, users } from './core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from './test/app.ts';

/**
 * No public answer carries an educator's e-mail (issue #27) unless the educator chose to show it.
 * Walks every GET and POST route of the app's own OpenAPI document — so a new route is walked
 * without touching this file — as a visitor and as a signed-in learner who owns nothing (enrolled,
 * reviewing, holding a certificate), with ids of real rows in every path, and looks for the
 * educators' addresses (and their private domain) in every answer.
 */
describe("public answers never carry an educator's e-mail", async () => {
  const app = await buildTestApp({ AUTH_RATE_LIMIT_SCALE: '1000' });
  const hidden = await createUser(app, {
    role: 'educator',
    name: 'Hidden Educator',
    email: 'hidden.teacher@educator-mail.invalid',
    description: 'Teaches web apps',
  });
  const second = await createUser(app, { role: 'educator', email: 'second.teacher@educator-mail.invalid' });
  // The one who chose to show a contact e-mail: the walk must find it where it belongs.
  const shown = await createUser(app, { role: 'educator', email: 'open.teacher@shown-mail.invalid' });
  await app.db.update(users).set({ showContactEmail: true }).where(eq(users.id, shown.id));
  const forbidden = [hidden.email, second.email, 'educator-mail.invalid'];

  const course = await createCourse(app, hidden.id, {
    title: 'Web apps from scratch',
    lectures: [
      { lectureTitle: 'Intro', isPreviewFree: true, videoKey: 'private/x/intro.mp4' },
      { lectureTitle: 'Next' },
    ],
  });
  await createCourse(app, hidden.id, { isPublished: false });
  await createCourse(app, second.id, { title: 'Data science basics' });
  await createCourse(app, shown.id, { title: 'Open course' });
  const learner = await createUser(app, { name: 'Kabir Learner' });
  await enroll(app, learner.id, course.id);
  await app.db.insert(reviews).values({ userId: learner.id, courseId: course.id, rating: 5, comment: 'Clear' });
  const [quiz] = await app.db
    .insert(quizzes)
    .values({
      courseId: course.id,
      title: 'Check',
      passPercent: 50,
      questions: [{ prompt: 'Pick A', kind: 'single', options: ['A', 'B'], correct: [0] }],
    })
    .returning();
  const [certificate] = await app.db
    .insert(certificates)
    .values({
      userId: learner.id,
      courseId: course.id,
      learnerName: learner.name,
      courseTitle: course.title,
      educatorName: hidden.name,
    })
    .returning();

  /** An id of a real row for each path parameter name; anything else gets the course's id. */
  const params: Record<string, string> = {
    courseId: course.id,
    lectureId: course.lectures[0].id,
    quizId: quiz.id,
    userId: hidden.id,
    creatorId: hidden.id,
    id: certificate.id,
  };
  /** One body that every POST route can read what it needs from (unknown keys are ignored or refused). */
  const body = {
    userId: hidden.id,
    courseId: course.id,
    input: 'web apps',
    rating: 4,
    comment: 'Walked',
    answers: [['x']],
  };
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((m) => m.toUpperCase())
      .filter((m) => m === 'GET' || m === 'POST')
      .map((method) => ({ method, path })),
  );
  const answered = new Map<string, number>();

  const call = async (method: string, path: string, cookie: string | undefined) => {
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? course.id);
    const res = await app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { origin: 'http://localhost', host: 'localhost', ...(cookie ? { cookie } : {}) },
      ...(method === 'POST' ? { payload: body } : {}),
    });
    return { url, status: res.statusCode, text: res.rawPayload.toString('latin1') + res.body };
  };

  it('walks every GET and POST route as a visitor and as a learner', async () => {
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, path } of routes) {
      for (const who of ['visitor', 'learner'] as const) {
        // A fresh session each time: a walked logout must not sign the next request out.
        const cookie = who === 'learner' ? await loginCookie(app, learner) : undefined;
        const { url, status, text } = await call(method, path, cookie);
        if (status === 200) answered.set(`${method} ${path}`, (answered.get(`${method} ${path}`) ?? 0) + 1);
        for (const secret of forbidden) {
          expect(text.includes(secret), `${who} ${method} ${url} (${status}) shows ${secret}`).toBe(false);
        }
      }
    }
    // The walk reached the public answers themselves, not only their refusals.
    for (const route of [
      'GET /api/course/getpublishedcoures',
      'GET /api/course/catalog',
      'GET /api/course/getcourse/{courseId}',
      'GET /api/course/stats',
      'POST /api/course/getcreator',
      'GET /api/review/allReview',
      'POST /api/ai/search',
      'GET /api/certificate/verify/{id}',
      'GET /api/course/getenrolledcourses',
    ]) {
      expect(answered.get(route), route).toBeGreaterThanOrEqual(1);
    }
  });

  it("finds the e-mail of the educator who chose to show it, so the walk's check is real", async () => {
    const res = await app.inject({ method: 'POST', url: '/api/course/getcreator', payload: { userId: shown.id } });
    expect(res.json().email).toBe(shown.email);
    for (const id of [hidden.id, second.id]) {
      const other = await app.inject({ method: 'POST', url: '/api/course/getcreator', payload: { userId: id } });
      expect(other.json().email).toBe('');
    }
  });
});
