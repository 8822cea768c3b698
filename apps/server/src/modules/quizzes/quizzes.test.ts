import { describe, expect, it } from 'vitest';
import { courseSections } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';
import { unpassedQuizzes } from './quizzes.service.ts';

describe('quizzes', async () => {
  const app = await buildTestApp();
  const owner = await createUser(app, { role: 'educator' });
  const otherEducator = await createUser(app, { role: 'educator' });
  const student = await createUser(app);
  const learner = await createUser(app);
  const course = await createCourse(app, owner.id, { lectures: [{ lectureTitle: 'One' }] });
  const hidden = await createCourse(app, owner.id, { title: 'Draft', isPublished: false });
  await enroll(app, learner.id, course.id);
  const [section] = await app.db
    .insert(courseSections)
    .values({ courseId: course.id, title: 'Basics', position: 0 })
    .returning();
  const [foreignSection] = await app.db
    .insert(courseSections)
    .values({ courseId: hidden.id, title: 'Elsewhere', position: 0 })
    .returning();

  const cookies = {
    anonymous: undefined,
    student: await loginCookie(app, student),
    learner: await loginCookie(app, learner),
    otherEducator: await loginCookie(app, otherEducator),
    owner: await loginCookie(app, owner),
  };
  type Who = keyof typeof cookies;
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: object) =>
    app.inject({ method, url, payload, headers: cookies[who] ? { cookie: cookies[who] } : {} });

  const quizBody = (over: Record<string, unknown> = {}) => ({
    title: 'Check your basics',
    passPercent: 60,
    questions: [
      { prompt: 'Pick B', kind: 'single', options: ['A', 'B', 'C'], correct: [1], explanation: 'B is B' },
      { prompt: 'Pick A and C', kind: 'multiple', options: ['A', 'B', 'C', 'D'], correct: [0, 2] },
      { prompt: 'The sky is blue', kind: 'truefalse', options: ['True', 'False'], correct: [0], explanation: 'Yes' },
    ],
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}, courseId = course.id) => {
    const res = await send('POST', `/api/quiz/create/${courseId}`, 'owner', quizBody(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; title: string };
  };
  const allRight = [[1], [0, 2], [0]];

  it('creates a quiz for the owner only: anonymous 401, students 403, other educators 403/404', async () => {
    const expected = { anonymous: 401, student: 403, learner: 403, otherEducator: 403 } as const;
    for (const [who, status] of Object.entries(expected)) {
      const res = await send('POST', `/api/quiz/create/${course.id}`, who as Who, quizBody());
      expect(res.statusCode, who).toBe(status);
    }
    expect((await send('POST', `/api/quiz/create/${hidden.id}`, 'otherEducator', quizBody())).statusCode).toBe(404);
    expect((await send('POST', '/api/quiz/create/not-a-uuid', 'owner', quizBody())).statusCode).toBe(404);

    const res = await send('POST', `/api/quiz/create/${course.id}`, 'owner', quizBody({ sectionId: section.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      _id: expect.any(String),
      message: 'Quiz created',
      courseId: course.id,
      sectionId: section.id,
      maxAttempts: null,
      attemptsUsed: 0,
      bestScorePercent: null,
      passed: false,
    });
    expect(res.json().questions[0]).toEqual({
      prompt: 'Pick B',
      kind: 'single',
      options: ['A', 'B', 'C'],
      correct: [1],
      explanation: 'B is B',
    });
  });

  it('refuses malformed quizzes with a clear 400', async () => {
    const q = (over: Record<string, unknown>) => ({
      prompt: 'Q',
      kind: 'single',
      options: ['A', 'B'],
      correct: [0],
      ...over,
    });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ questions: [q({ kind: 'truefalse', options: ['T', 'F', 'X'] })] }, /exactly 2 options/],
      [{ questions: [q({ correct: [0, 1] })] }, /exactly one correct/],
      [{ questions: [q({ kind: 'multiple', correct: [] })] }, /at least one correct/],
      [{ questions: [q({ correct: [2] })] }, /one of the question's options/],
      [{ questions: [q({ kind: 'multiple', correct: [1, 1] })] }, /listed twice/],
      [{ questions: [q({ options: ['A'] })] }, /at least 2 options/],
      [{ questions: [q({ options: ['1', '2', '3', '4', '5', '6', '7', '8', '9'] })] }, /at most 8 options/],
      [{ questions: [] }, /at least one question/],
      [{ passPercent: 101 }, /Pass mark/],
      [{ maxAttempts: 0 }, /Attempts/],
      [{ title: '  ' }, /Title is required/],
      [{ sectionId: foreignSection.id }, /not part of this course/],
      [{ sectionId: 'nope' }, /not part of this course/],
    ];
    for (const [over, message] of cases) {
      const res = await send('POST', `/api/quiz/create/${course.id}`, 'owner', quizBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('lists quizzes without answers for learners and with them for the owner', async () => {
    const quiz = await create({ title: 'Listed' });
    const expected = { anonymous: 401, student: 403, otherEducator: 403 } as const;
    for (const [who, status] of Object.entries(expected)) {
      expect((await send('GET', `/api/quiz/course/${course.id}`, who as Who)).statusCode, who).toBe(status);
    }
    // A course they may not see: 404, as getcourse answers.
    expect((await send('GET', `/api/quiz/course/${hidden.id}`, 'student')).statusCode).toBe(404);
    expect((await send('GET', '/api/quiz/course/nope', 'learner')).statusCode).toBe(404);

    const asLearner = await send('GET', `/api/quiz/course/${course.id}`, 'learner');
    expect(asLearner.statusCode).toBe(200);
    expect(asLearner.body).not.toMatch(/"correct"|"explanation"/);
    const listed = asLearner.json().find((x: { _id: string }) => x._id === quiz._id);
    expect(listed.questions[1]).toEqual({ prompt: 'Pick A and C', kind: 'multiple', options: ['A', 'B', 'C', 'D'] });

    const asOwner = await send('GET', `/api/quiz/course/${course.id}`, 'owner');
    expect(asOwner.statusCode).toBe(200);
    const own = asOwner.json().find((x: { _id: string }) => x._id === quiz._id);
    expect(own.questions[1].correct).toEqual([0, 2]);
    expect(own.questions[2].explanation).toBe('Yes');
  });

  it('places quizzes after their section, the others at the end', async () => {
    const list = (await send('GET', `/api/quiz/course/${course.id}`, 'learner')).json() as { sectionId: string }[];
    expect(list[0].sectionId).toBe(section.id);
    expect(list.slice(1).every((q) => q.sectionId === null)).toBe(true);
  });

  it('grades single, multiple and true/false on the server and reveals answers after a submit', async () => {
    const quiz = await create();
    const perfect = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers: allRight });
    expect(perfect.statusCode).toBe(200);
    expect(perfect.json()).toEqual({
      scorePercent: 100,
      passed: true,
      attempt: 1,
      attemptsLeft: null,
      bestScorePercent: 100,
      results: [
        { correct: true, correctAnswer: [1], explanation: 'B is B' },
        { correct: true, correctAnswer: [0, 2], explanation: null },
        { correct: true, correctAnswer: [0], explanation: 'Yes' },
      ],
    });
    // Multiple choice is all or nothing; a wrong single and a wrong true/false.
    const partial = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers: [[1], [0], [1]] });
    expect(partial.json()).toMatchObject({ scorePercent: 33, passed: false, attempt: 2, bestScorePercent: 100 });
    expect(partial.json().results.map((r: { correct: boolean }) => r.correct)).toEqual([true, false, false]);
    const superset = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers: [[0], [0, 1, 2], [0]] });
    expect(superset.json()).toMatchObject({ scorePercent: 33, passed: false, attempt: 3 });

    const attempts = await send('GET', `/api/quiz/attempts/${quiz._id}`, 'learner');
    expect(attempts.statusCode).toBe(200);
    expect(attempts.json()).toMatchObject({
      quizId: quiz._id,
      passed: true,
      best: { attempt: 1, scorePercent: 100, passed: true },
      maxAttempts: null,
      attemptsLeft: null,
    });
    expect(attempts.json().attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2, 3]);
    // The best attempt counts in the listing too.
    const listed = (await send('GET', `/api/quiz/course/${course.id}`, 'learner')).json();
    expect(listed.find((x: { _id: string }) => x._id === quiz._id)).toMatchObject({
      attemptsUsed: 3,
      bestScorePercent: 100,
      passed: true,
    });
  });

  it('rounds the score down, so the pass mark holds exactly', async () => {
    const quiz = await create({ passPercent: 67 });
    const res = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers: [[1], [0, 2], [1]] });
    expect(res.json()).toMatchObject({ scorePercent: 66, passed: false });
  });

  it('lets only enrolled learners and the owner submit and read attempts', async () => {
    const quiz = await create();
    const expected = { anonymous: 401, student: 403, otherEducator: 403, learner: 200, owner: 200 } as const;
    for (const [who, status] of Object.entries(expected)) {
      const submit = await send('POST', `/api/quiz/submit/${quiz._id}`, who as Who, { answers: allRight });
      expect(submit.statusCode, `submit ${who}`).toBe(status);
      expect((await send('GET', `/api/quiz/attempts/${quiz._id}`, who as Who)).statusCode, `attempts ${who}`).toBe(
        status,
      );
    }
    for (const who of ['learner', 'owner'] as const) {
      expect((await send('GET', `/api/quiz/attempts/${quiz._id}`, who)).json().attempts).toHaveLength(1);
    }
    const hiddenQuiz = await create({}, hidden.id);
    expect(
      (await send('POST', `/api/quiz/submit/${hiddenQuiz._id}`, 'student', { answers: allRight })).statusCode,
    ).toBe(404);
    expect((await send('GET', `/api/quiz/attempts/${hiddenQuiz._id}`, 'otherEducator')).statusCode).toBe(404);
    expect((await send('GET', '/api/quiz/attempts/nope', 'learner')).statusCode).toBe(404);
    expect((await send('POST', `/api/quiz/submit/${crypto.randomUUID()}`, 'learner', { answers: [] })).statusCode).toBe(
      404,
    );
  });

  it('refuses malformed answers with a clear 400 and records nothing', async () => {
    const quiz = await create();
    const cases: [unknown, RegExp][] = [
      [[[1], [0, 2]], /this quiz has 3 questions, the submission has 2 answers/],
      [[[1], [0, 2], [0], [1]], /has 4 answers/],
      [[[3], [0, 2], [0]], /Question 1 has options 0 to 2 only/],
      [[[-1], [0, 2], [0]], /Question 1 has options/],
      [[[1], [0, 0], [0]], /Question 2: an option is chosen twice/],
      [[[0, 1], [0, 2], [0]], /Question 1 takes exactly one answer/],
      [[[1], [0, 2], [0, 1]], /Question 3 takes exactly one answer/],
      [[[1], [], [0]], /Please answer question 2/],
      [[[1], [0.5], [0]], /Answers are option numbers/],
      [[[1], ['a'], [0]], /Answers are option numbers/],
      [Array.from({ length: 101 }, () => [0]), /at most 100 questions/],
      ['nope', /answers/],
    ];
    for (const [answers, message] of cases) {
      const res = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers });
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await send('GET', `/api/quiz/attempts/${quiz._id}`, 'learner')).json().attempts).toEqual([]);
  });

  it('stops at maxAttempts with a 409 that says so', async () => {
    const quiz = await create({ maxAttempts: 2 });
    const first = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers: [[0], [1], [1]] });
    expect(first.json()).toMatchObject({ attempt: 1, attemptsLeft: 1, passed: false });
    const second = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers: allRight });
    expect(second.json()).toMatchObject({ attempt: 2, attemptsLeft: 0, passed: true });
    const third = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers: allRight });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('You have used all 2 attempts at this quiz');
    expect((await send('GET', `/api/quiz/attempts/${quiz._id}`, 'learner')).json()).toMatchObject({
      maxAttempts: 2,
      attemptsLeft: 0,
      passed: true,
      best: { attempt: 2, scorePercent: 100 },
    });
  });

  it('counts attempts right under simultaneous submits', async () => {
    const quiz = await create({ maxAttempts: 3 });
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers: allRight })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409]);
    expect(
      answers
        .filter((r) => r.statusCode === 200)
        .map((r) => r.json().attempt)
        .sort(),
    ).toEqual([1, 2, 3]);
  });

  it('edits and removes for the owner only', async () => {
    const quiz = await create();
    const hiddenQuiz = await create({}, hidden.id);
    const expected = { anonymous: 401, student: 403, learner: 403, otherEducator: 403 } as const;
    for (const [who, status] of Object.entries(expected)) {
      const edit = await send('POST', `/api/quiz/edit/${quiz._id}`, who as Who, quizBody({ title: 'Hijacked' }));
      expect(edit.statusCode, `edit ${who}`).toBe(status);
      expect((await send('DELETE', `/api/quiz/remove/${quiz._id}`, who as Who)).statusCode, `remove ${who}`).toBe(
        status,
      );
    }
    expect((await send('POST', `/api/quiz/edit/${hiddenQuiz._id}`, 'otherEducator', quizBody())).statusCode).toBe(404);
    expect((await send('DELETE', `/api/quiz/remove/${hiddenQuiz._id}`, 'otherEducator')).statusCode).toBe(404);
    expect((await send('POST', '/api/quiz/edit/nope', 'owner', quizBody())).statusCode).toBe(404);

    const edited = await send(
      'POST',
      `/api/quiz/edit/${quiz._id}`,
      'owner',
      quizBody({ title: 'Renamed', maxAttempts: 5, questions: [quizBody().questions[2]] }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ _id: quiz._id, title: 'Renamed', maxAttempts: 5, message: 'Quiz updated' });
    expect(edited.json().questions).toHaveLength(1);
    const bad = await send('POST', `/api/quiz/edit/${quiz._id}`, 'owner', quizBody({ sectionId: foreignSection.id }));
    expect(bad.statusCode).toBe(400);

    const removed = await send('DELETE', `/api/quiz/remove/${quiz._id}`, 'owner');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Quiz removed' });
    expect((await send('GET', `/api/quiz/attempts/${quiz._id}`, 'learner')).statusCode).toBe(404);
    expect((await send('DELETE', `/api/quiz/remove/${quiz._id}`, 'owner')).statusCode).toBe(404);
  });

  it('tells certificates which quizzes are not passed yet', async () => {
    const solo = await createCourse(app, owner.id, { title: 'Solo' });
    await enroll(app, learner.id, solo.id);
    expect(await unpassedQuizzes(app.db, solo.id, learner.id)).toEqual([]);
    const a = await create({ title: 'A' }, solo.id);
    const b = await create({ title: 'B' }, solo.id);
    expect(await unpassedQuizzes(app.db, solo.id, learner.id)).toEqual([
      { id: a._id, title: 'A' },
      { id: b._id, title: 'B' },
    ]);
    await send('POST', `/api/quiz/submit/${a._id}`, 'learner', { answers: [[0], [1], [1]] });
    await send('POST', `/api/quiz/submit/${b._id}`, 'learner', { answers: allRight });
    expect(await unpassedQuizzes(app.db, solo.id, learner.id)).toEqual([{ id: a._id, title: 'A' }]);
    await send('POST', `/api/quiz/submit/${a._id}`, 'learner', { answers: allRight });
    // A later failed attempt does not undo a pass: the best attempt counts.
    await send('POST', `/api/quiz/submit/${a._id}`, 'learner', { answers: [[0], [1], [1]] });
    expect(await unpassedQuizzes(app.db, solo.id, learner.id)).toEqual([]);
  });
});
