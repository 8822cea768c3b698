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
  type Created = { _id: string; title: string; showAnswers?: string; questions: { optionIds: string[] }[] };
  const create = async (over: Record<string, unknown> = {}, courseId = course.id) => {
    const res = await send('POST', `/api/quiz/create/${courseId}`, 'owner', quizBody(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Created;
  };
  /** Option ids of the options chosen by their place as written (the owner's answer lists them in that order). */
  const ids = (quiz: Created, positions: number[][]) =>
    positions.map((chosen, q) => chosen.map((p) => quiz.questions[q]?.optionIds[p] ?? `unknown-${p}`));
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
      optionIds: [expect.any(String), expect.any(String), expect.any(String)],
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
    expect(listed.questions[1]).toEqual({
      prompt: 'Pick A and C',
      kind: 'multiple',
      options: expect.arrayContaining(['A', 'B', 'C', 'D']),
      optionIds: expect.any(Array),
    });
    expect(listed.showAnswers).toBe('after-pass');

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
    const perfect = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers: ids(quiz, allRight) });
    expect(perfect.statusCode).toBe(200);
    expect(perfect.json()).toEqual({
      scorePercent: 100,
      passed: true,
      attempt: 1,
      attemptsLeft: null,
      bestScorePercent: 100,
      answersShown: true,
      results: [
        { correct: true, correctOptionIds: ids(quiz, [[1]])[0], explanation: 'B is B' },
        { correct: true, correctOptionIds: ids(quiz, [[], [0, 2]])[1], explanation: null },
        { correct: true, correctOptionIds: ids(quiz, [[], [], [0]])[2], explanation: 'Yes' },
      ],
    });
    // Multiple choice is all or nothing; a wrong single and a wrong true/false.
    const partial = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', {
      answers: ids(quiz, [[1], [0], [1]]),
    });
    expect(partial.json()).toMatchObject({ scorePercent: 33, passed: false, attempt: 2, bestScorePercent: 100 });
    expect(partial.json().results.map((r: { correct: boolean }) => r.correct)).toEqual([true, false, false]);
    const superset = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', {
      answers: ids(quiz, [[0], [0, 1, 2], [0]]),
    });
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
    const res = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', {
      answers: ids(quiz, [[1], [0, 2], [1]]),
    });
    expect(res.json()).toMatchObject({ scorePercent: 66, passed: false });
  });

  it('lets only enrolled learners and the owner submit and read attempts', async () => {
    const quiz = await create();
    const expected = { anonymous: 401, student: 403, otherEducator: 403, learner: 200, owner: 200 } as const;
    for (const [who, status] of Object.entries(expected)) {
      const submit = await send('POST', `/api/quiz/submit/${quiz._id}`, who as Who, { answers: ids(quiz, allRight) });
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
      (await send('POST', `/api/quiz/submit/${hiddenQuiz._id}`, 'student', { answers: ids(hiddenQuiz, allRight) }))
        .statusCode,
    ).toBe(404);
    expect((await send('GET', `/api/quiz/attempts/${hiddenQuiz._id}`, 'otherEducator')).statusCode).toBe(404);
    expect((await send('GET', '/api/quiz/attempts/nope', 'learner')).statusCode).toBe(404);
    expect((await send('POST', `/api/quiz/submit/${crypto.randomUUID()}`, 'learner', { answers: [] })).statusCode).toBe(
      404,
    );
  });

  it('refuses malformed answers with a clear 400 and records nothing', async () => {
    const quiz = await create();
    const [a, b, c] = ids(quiz, allRight);
    const cases: [unknown, RegExp][] = [
      [[a, b], /this quiz has 3 questions, the submission has 2 answers/],
      [[a, b, c, a], /has 4 answers/],
      [[a, [b[0], b[0]], c], /Question 2: an option is chosen twice/],
      [[[...a, ...ids(quiz, [[0]])[0]], b, c], /Question 1 takes exactly one answer/],
      [[a, b, [...c, ...ids(quiz, [[], [], [1]])[2]]], /Question 3 takes exactly one answer/],
      [[a, [], c], /Please answer question 2/],
      // Positions are not answers: options are shuffled, so only their ids mean anything.
      [[[1], [0, 2], [0]], /Answers are option ids/],
      [Array.from({ length: 101 }, () => a), /at most 100 questions/],
      ['nope', /answers/],
    ];
    for (const [answers, message] of cases) {
      const res = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers });
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await send('GET', `/api/quiz/attempts/${quiz._id}`, 'learner')).json().attempts).toEqual([]);
  });

  it('answers an option id the quiz does not have (it was edited meanwhile) with a 409 asking for a reload', async () => {
    const quiz = await create();
    const before = ids(quiz, allRight);
    const edited = await send('POST', `/api/quiz/edit/${quiz._id}`, 'owner', quizBody());
    // Every save gives the options new ids.
    expect(edited.json().questions[0].optionIds).not.toEqual(quiz.questions[0].optionIds);
    const stale = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers: before });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This quiz has changed since you opened it; reload it and answer again');
    const made = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', {
      answers: [['made-up'], before[1], before[2]],
    });
    expect(made.statusCode).toBe(409);
    expect((await send('GET', `/api/quiz/attempts/${quiz._id}`, 'learner')).json().attempts).toEqual([]);
  });

  it('shuffles each learner read of the options, keeps every id with its text, and grades by id', async () => {
    const quiz = await create({
      questions: [
        { prompt: 'Pick E', kind: 'single', options: ['A', 'B', 'C', 'D', 'E', 'F'], correct: [4] },
        { prompt: 'Sky is blue', kind: 'truefalse', options: ['True', 'False'], correct: [0] },
      ],
    });
    const reads = [];
    for (let i = 0; i < 12; i++) {
      const list = (await send('GET', `/api/quiz/course/${course.id}`, 'learner')).json();
      reads.push(list.find((x: { _id: string }) => x._id === quiz._id).questions);
    }
    // 6 options: the chance that 12 reads show one order is (1/720)^11.
    expect(new Set(reads.map((q) => q[0].options.join())).size).toBeGreaterThan(1);
    const idOf = new Map(quiz.questions[0].optionIds.map((id, i) => [id, ['A', 'B', 'C', 'D', 'E', 'F'][i]]));
    for (const q of reads) {
      expect(q[0].optionIds.map((id: string) => idOf.get(id))).toEqual(q[0].options);
      // True/false keeps its order.
      expect(q[1].options).toEqual(['True', 'False']);
    }
    // The right option wherever it stood on screen: graded by its id.
    for (const q of reads.slice(0, 3)) {
      const eId = q[0].optionIds[q[0].options.indexOf('E')];
      const trueId = q[1].optionIds[0];
      const res = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers: [[eId], [trueId]] });
      expect(res.json()).toMatchObject({ scorePercent: 100, passed: true });
    }
    // The creator sees the options as written, with the correct indices.
    const own = (await send('GET', `/api/quiz/course/${course.id}`, 'owner')).json();
    expect(own.find((x: { _id: string }) => x._id === quiz._id).questions[0]).toMatchObject({
      options: ['A', 'B', 'C', 'D', 'E', 'F'],
      optionIds: quiz.questions[0].optionIds,
      correct: [4],
    });
  });

  it('reveals answers as showAnswers says: always, after a pass, never; the creator always sees them', async () => {
    const wrong = [[0], [1], [1]];
    const shown = (res: { json: () => { answersShown: boolean; results: unknown[] } }) => {
      const { answersShown, results } = res.json();
      return { answersShown, first: results[0] };
    };
    const hiddenResult = { answersShown: false, first: { correct: null, correctOptionIds: null, explanation: null } };
    const revealed = (quiz: Created) => ({
      answersShown: true,
      first: { correct: false, correctOptionIds: ids(quiz, [[1]])[0], explanation: 'B is B' },
    });
    const submit = (quiz: Created, answers: number[][], who: Who = 'learner') =>
      send('POST', `/api/quiz/submit/${quiz._id}`, who, { answers: ids(quiz, answers) });

    const always = await create({ showAnswers: 'always' });
    expect(always).toMatchObject({ showAnswers: 'always' });
    expect(shown(await submit(always, wrong))).toEqual(revealed(always));

    const afterPass = await create({ showAnswers: 'after-pass' });
    const failed = await submit(afterPass, wrong);
    expect(shown(failed)).toEqual(hiddenResult);
    // The score is still the score.
    expect(failed.json()).toMatchObject({ scorePercent: 0, passed: false, attempt: 1 });
    const passing = await submit(afterPass, allRight);
    expect(passing.json()).toMatchObject({ passed: true, answersShown: true });
    expect(passing.json().results[0].explanation).toBe('B is B');
    // Once passed, later attempts show them too.
    expect(shown(await submit(afterPass, wrong))).toEqual(revealed(afterPass));

    const never = await create({ showAnswers: 'never' });
    expect(shown(await submit(never, wrong))).toEqual(hiddenResult);
    const passedNever = await submit(never, allRight);
    expect(passedNever.json()).toMatchObject({ passed: true, scorePercent: 100, answersShown: false });
    expect(passedNever.body).not.toMatch(/B is B/);
    expect(shown(await submit(never, wrong, 'owner'))).toEqual(revealed(never));

    // Unchanged by an edit that leaves it out; refused when it is not one of the three.
    const edited = await send('POST', `/api/quiz/edit/${never._id}`, 'owner', quizBody({ title: 'Still secret' }));
    expect(edited.json().showAnswers).toBe('never');
    const bad = await send('POST', `/api/quiz/create/${course.id}`, 'owner', quizBody({ showAnswers: 'sometimes' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Show answers must be always, after-pass or never');
    // A new quiz without it: after-pass.
    expect((await create()).showAnswers).toBe('after-pass');
  });

  it('stops at maxAttempts with a 409 that says so', async () => {
    const quiz = await create({ maxAttempts: 2 });
    const first = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', {
      answers: ids(quiz, [[0], [1], [1]]),
    });
    expect(first.json()).toMatchObject({ attempt: 1, attemptsLeft: 1, passed: false });
    const second = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers: ids(quiz, allRight) });
    expect(second.json()).toMatchObject({ attempt: 2, attemptsLeft: 0, passed: true });
    const third = await send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers: ids(quiz, allRight) });
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
      [1, 2, 3, 4, 5].map(() =>
        send('POST', `/api/quiz/submit/${quiz._id}`, 'learner', { answers: ids(quiz, allRight) }),
      ),
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
    await send('POST', `/api/quiz/submit/${a._id}`, 'learner', { answers: ids(a, [[0], [1], [1]]) });
    await send('POST', `/api/quiz/submit/${b._id}`, 'learner', { answers: ids(b, allRight) });
    expect(await unpassedQuizzes(app.db, solo.id, learner.id)).toEqual([{ id: a._id, title: 'A' }]);
    await send('POST', `/api/quiz/submit/${a._id}`, 'learner', { answers: ids(a, allRight) });
    // A later failed attempt does not undo a pass: the best attempt counts.
    await send('POST', `/api/quiz/submit/${a._id}`, 'learner', { answers: ids(a, [[0], [1], [1]]) });
    expect(await unpassedQuizzes(app.db, solo.id, learner.id)).toEqual([]);
  });
});
