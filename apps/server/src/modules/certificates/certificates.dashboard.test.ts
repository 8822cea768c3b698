import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';

describe('the educator dashboard figures (GET /api/certificate/dashboard)', async () => {
  const app = await buildTestApp();
  const owner = await createUser(app, { role: 'educator', name: 'Asha Teacher' });
  const otherEducator = await createUser(app, { role: 'educator' });
  const student = await createUser(app);
  const course = await createCourse(app, owner.id, { title: 'Algebra', lectures: [{ lectureTitle: 'One' }] });
  const quiet = await createCourse(app, owner.id, { title: 'No quiz yet', lectures: [{ lectureTitle: 'x' }] });
  const theirs = await createCourse(app, otherEducator.id, { lectures: [{ lectureTitle: 'y' }] });

  const headersOf = async (user: { id: string }) => ({ cookie: await loginCookie(app, user) });
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method: 'POST', url, headers, payload });
  const dashboard = (headers = {}) => app.inject({ url: '/api/certificate/dashboard', headers });

  const ownerHeaders = await headersOf(owner);
  const quiz = (
    await post(`/api/quiz/create/${course.id}`, ownerHeaders, {
      title: 'Check',
      passPercent: 100,
      questions: [{ prompt: '1 + 1', kind: 'single', options: ['1', '2'], correct: [1] }],
    })
  ).json()._id as string;
  const second = (
    await post(`/api/quiz/create/${course.id}`, ownerHeaders, {
      title: 'Second',
      passPercent: 100,
      questions: [{ prompt: '2 + 2', kind: 'truefalse', options: ['4', '5'], correct: [0] }],
    })
  ).json()._id as string;

  /** The id of a quiz's option at this place as written (answers name options by id; learners see them shuffled). */
  const optionId = async (quizId: string, place: number) => {
    const list = (await app.inject({ url: `/api/quiz/course/${course.id}`, headers: ownerHeaders })).json();
    return list.find((q: { _id: string }) => q._id === quizId).questions[0].optionIds[place] as string;
  };

  async function learner(answers: { [quizId: string]: number[] }, claim: boolean) {
    const user = await createUser(app);
    await enroll(app, user.id, course.id);
    const headers = await headersOf(user);
    for (const [quizId, choices] of Object.entries(answers)) {
      for (const choice of choices) {
        await post(`/api/quiz/submit/${quizId}`, headers, { answers: [[await optionId(quizId, choice)]] });
      }
    }
    if (claim) {
      await post(`/api/progress/${course.lectures[0].id}`, headers, { positionSeconds: 0, completed: true });
      expect((await post(`/api/certificate/claim/${course.id}`, headers)).statusCode).toBe(201);
    }
  }

  it('is for educators only: anonymous 401, students 403', async () => {
    expect((await dashboard()).statusCode).toBe(401);
    const res = await dashboard(await headersOf(student));
    expect(res.statusCode).toBe(403);
  });

  it('answers an educator without courses with an empty list', async () => {
    const fresh = await createUser(app, { role: 'educator' });
    const res = await dashboard(await headersOf(fresh));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('shows own courses only, null pass rate and no certificates before any attempt', async () => {
    const res = await dashboard(ownerHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { courseId: course.id, quizPassRate: null, certificatesIssued: 0, unansweredQuestions: 0 },
      { courseId: quiet.id, quizPassRate: null, certificatesIssued: 0, unansweredQuestions: 0 },
    ]);
    const other = (await dashboard(await headersOf(otherEducator))).json();
    expect(other).toEqual([{ courseId: theirs.id, quizPassRate: null, certificatesIssued: 0, unansweredQuestions: 0 }]);
  });

  it('counts learner-and-quiz pairs that passed (a later pass counts) and certificates issued', async () => {
    // Pairs: A passes both (one after a failure) and claims; B fails the first twice; C passes the second.
    await learner({ [quiz]: [0, 1], [second]: [0] }, true);
    await learner({ [quiz]: [0, 0] }, false);
    await learner({ [second]: [0] }, false);
    const rows = (await dashboard(ownerHeaders)).json();
    // 3 of 4 pairs passed.
    expect(rows).toEqual([
      { courseId: course.id, quizPassRate: 75, certificatesIssued: 1, unansweredQuestions: 0 },
      { courseId: quiet.id, quizPassRate: null, certificatesIssued: 0, unansweredQuestions: 0 },
    ]);
    // The other educator's numbers are untouched.
    expect((await dashboard(await headersOf(otherEducator))).json()[0]).toMatchObject({ certificatesIssued: 0 });
  });
});
