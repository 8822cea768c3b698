import { QA_BODY_MAX, QA_LIMITS, QA_TITLE_MAX } from '@kaksha/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { qaQuestions, qaVotes } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';
import { askQuestion, postAnswer } from './qa.service.ts';

type Method = 'GET' | 'POST' | 'DELETE';

describe('Q&A', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator', name: 'Ananya Iyer' });
  const otherEducator = await createUser(app, { role: 'educator' });
  const asker = await createUser(app, { name: 'Priya Sharma' });
  const classmate = await createUser(app, { name: 'Aditya Rao' });
  const outsider = await createUser(app);
  const course = await createCourse(app, educator.id, {
    title: 'CSS Layouts',
    lectures: [{ lectureTitle: 'Flexbox basics' }, { lectureTitle: 'Grid' }],
  });
  const [flexLecture, gridLecture] = course.lectures;
  const elsewhere = await createCourse(app, otherEducator.id, { title: 'Other', lectures: [{ lectureTitle: 'X' }] });
  await enroll(app, asker.id, course.id);
  await enroll(app, classmate.id, course.id);
  const cookies = {
    educator: await loginCookie(app, educator),
    otherEducator: await loginCookie(app, otherEducator),
    asker: await loginCookie(app, asker),
    classmate: await loginCookie(app, classmate),
    outsider: await loginCookie(app, outsider),
  };
  type Who = keyof typeof cookies | null;
  const users = { educator, otherEducator, asker, classmate, outsider };

  const call = (who: Who, method: Method, url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: who ? { cookie: cookies[who] } : {} });

  // Posts the tests build on go through the services, past the per-user limits (tested on their own).
  const ask = (
    who: keyof typeof users,
    fields: { courseId?: string; title?: string; body?: string; lectureId?: string; timestampSec?: number } = {},
  ) =>
    askQuestion(app.db, app.storage, users[who].id, {
      courseId: course.id,
      title: 'How does justify-content work?',
      body: 'I am confused by the main axis.',
      ...fields,
    });
  const answer = (who: keyof typeof users, questionId: string, body = 'It aligns items along the main axis.') =>
    postAnswer(app.db, app.storage, users[who].id, questionId, body);
  const detail = async (questionId: string, who: Who = 'asker') => {
    const res = await call(who, 'GET', `/api/qa/question/${questionId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const list = async (query = '', who: Who = 'asker') => {
    const res = await call(who, 'GET', `/api/qa/course/${course.id}${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      questions: { _id: string; title: string; [k: string]: unknown }[];
      nextCursor: string | null;
    };
  };

  describe('who may do what', () => {
    /** Each endpoint on fresh posts: a question by the asker with an answer by the educator. */
    const endpoints: {
      name: string;
      request: (ids: { question: string; answer: string }) => [Method, string, object?];
      /** Status for each allowed caller. */
      allowed: Partial<Record<keyof typeof cookies, number>>;
    }[] = [
      {
        name: 'ask',
        request: () => ['POST', '/api/qa/ask', { courseId: course.id, title: 'Why?', body: 'Because.' }],
        allowed: { asker: 201, educator: 201 },
      },
      { name: 'list', request: () => ['GET', `/api/qa/course/${course.id}`], allowed: { asker: 200, educator: 200 } },
      {
        name: 'detail',
        request: (i) => ['GET', `/api/qa/question/${i.question}`],
        allowed: { asker: 200, educator: 200 },
      },
      {
        name: 'answer',
        request: (i) => ['POST', `/api/qa/answer/${i.question}`, { body: 'Try gap.' }],
        allowed: { classmate: 201, educator: 201 },
      },
      {
        name: 'accept',
        request: (i) => ['POST', `/api/qa/accept/${i.answer}`, {}],
        allowed: { asker: 200, educator: 200, classmate: 403 },
      },
      {
        name: 'vote',
        request: (i) => ['POST', `/api/qa/vote/${i.question}`, {}],
        allowed: { classmate: 200, educator: 200 },
      },
      {
        name: 'feature',
        request: (i) => ['POST', `/api/qa/feature/${i.question}`, {}],
        allowed: { educator: 200, asker: 403, classmate: 403 },
      },
      {
        name: 'lock',
        request: (i) => ['POST', `/api/qa/lock/${i.question}`, {}],
        allowed: { educator: 200, asker: 403, classmate: 403 },
      },
      {
        name: 'delete question',
        request: (i) => ['DELETE', `/api/qa/question/${i.question}`],
        allowed: { asker: 200, educator: 200, classmate: 403 },
      },
      {
        name: 'delete answer',
        request: (i) => ['DELETE', `/api/qa/answer/${i.answer}`],
        allowed: { educator: 200, asker: 403, classmate: 403 },
      },
      {
        name: 'report',
        request: (i) => ['POST', `/api/qa/report/${i.question}`, { reason: 'Off topic' }],
        allowed: { classmate: 201, educator: 201 },
      },
    ];

    for (const e of endpoints) {
      it(`${e.name}: visitor 401, not enrolled 403, another educator 403, then the course's members`, async () => {
        const fresh = async () => {
          const q = await ask('asker', { title: `About ${e.name}` });
          const a = await answer('educator', q._id);
          return { question: q._id, answer: a._id };
        };
        const ids = await fresh();
        const expectations: [Who, number][] = [
          [null, 401],
          ['outsider', 403],
          ['otherEducator', 403],
        ];
        for (const [who, status] of expectations) {
          const [method, url, payload] = e.request(ids);
          const res = await call(who, method, url, payload);
          expect(res.statusCode, `${who} ${res.body}`).toBe(status);
          if (status === 403) expect(res.json().message).toMatch(/enrolled in this course and its educator/);
        }
        for (const [who, status] of Object.entries(e.allowed) as [keyof typeof cookies, number][]) {
          const [method, url, payload] = e.request(await fresh());
          const res = await call(who, method, url, payload);
          expect(res.statusCode, `${who} ${res.body}`).toBe(status);
        }
      });
    }

    it('answers 404 for ids that are none, and hides a draft course from others', async () => {
      for (const url of ['/api/qa/question/nope', `/api/qa/question/${crypto.randomUUID()}`]) {
        expect((await call('asker', 'GET', url)).statusCode).toBe(404);
      }
      const draft = await createCourse(app, educator.id, { title: 'Draft', isPublished: false });
      expect((await call('outsider', 'GET', `/api/qa/course/${draft.id}`)).statusCode).toBe(404);
      expect((await call('educator', 'GET', `/api/qa/course/${draft.id}`)).statusCode).toBe(200);
    });

    it('keeps the inbox to educators, each seeing their own courses only', async () => {
      expect((await call(null, 'GET', '/api/qa/inbox')).statusCode).toBe(401);
      expect((await call('asker', 'GET', '/api/qa/inbox')).statusCode).toBe(403);
      const theirs = await call('otherEducator', 'GET', '/api/qa/inbox?status=all');
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().questions.every((q: { courseId: string }) => q.courseId === elsewhere.id)).toBe(true);
      expect((await call('otherEducator', 'GET', `/api/qa/inbox?courseId=${course.id}`)).statusCode).toBe(404);
    });
  });

  it('stores text as typed, never as HTML, line breaks and code kept', async () => {
    const title = '<img src=x onerror=alert(1)> & "quotes"';
    const body = 'My code:\n```\n<div class="box">\n  <script>alert(1)</script>\n</div>\n```';
    const res = await call('asker', 'POST', '/api/qa/ask', { courseId: course.id, title, body });
    expect(res.statusCode).toBe(201);
    const q = res.json();
    expect(q.title).toBe(title);
    expect(q.body).toBe(body);
    const a = await call('educator', 'POST', `/api/qa/answer/${q._id}`, { body: '<b>bold?</b>\n\tindented' });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ body: '<b>bold?</b>\n\tindented', byEducator: true });
    const d = await detail(q._id);
    expect(d.question.body).toBe(body);
    expect(d.answers[0].body).toBe('<b>bold?</b>\n\tindented');
  });

  it('refuses what is too long, a title on several lines, a moment without its lecture, a lecture of another course', async () => {
    const bad = async (fields: Record<string, unknown>, field: string, message: RegExp) => {
      const res = await call('asker', 'POST', '/api/qa/ask', { courseId: course.id, title: 'T', body: 'B', ...fields });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
    };
    await bad({ title: 'x'.repeat(QA_TITLE_MAX + 1) }, 'title', /Title must be 150 characters or fewer/);
    await bad({ body: 'x'.repeat(QA_BODY_MAX + 1) }, 'body', /Question must be 5000 characters or fewer/);
    await bad({ title: 'two\nlines' }, 'title', /control characters/);
    await bad({ timestampSec: 42 }, 'timestampSec', /needs the lecture/);
    await bad({ lectureId: elsewhere.lectures[0].id }, 'lectureId', /lecture of this course/);
    await bad({ lectureId: flexLecture.id, timestampSec: -1 }, 'timestampSec', /whole number of seconds/);
    const long = await call('asker', 'POST', `/api/qa/answer/${(await ask('asker'))._id}`, {
      body: 'x'.repeat(QA_BODY_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/Answer must be 5000 characters or fewer/);
  });

  it('ties a question to the second of its lecture, and lists a lecture’s questions', async () => {
    const q = await ask('asker', { lectureId: gridLecture.id, timestampSec: 42, title: 'Grid area at 0:42' });
    expect(q).toMatchObject({ lectureId: gridLecture.id, lectureTitle: 'Grid', timestampSec: 42 });
    const page = await list(`lectureId=${gridLecture.id}`);
    expect(page.questions.map((x) => x._id)).toEqual([q._id]);
  });

  it('accepts: the asker or the educator, one answer at a time, accepted first; answered follows', async () => {
    const q = await ask('asker', { title: 'Accept rules' });
    const fromClassmate = await answer('classmate', q._id, 'Use flex: 1');
    expect((await detail(q._id)).question).toMatchObject({ answered: false, accepted: false, answerCount: 1 });
    const fromEducator = await answer('educator', q._id, 'Use flex-grow');
    expect((await detail(q._id)).question).toMatchObject({ answered: true, answerCount: 2 });

    expect((await call('classmate', 'POST', `/api/qa/accept/${fromClassmate._id}`, {})).statusCode).toBe(403);
    const accepted = await call('asker', 'POST', `/api/qa/accept/${fromClassmate._id}`, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().answers.map((a: { _id: string; accepted: boolean }) => [a._id, a.accepted])).toEqual([
      [fromClassmate._id, true],
      [fromEducator._id, false],
    ]);
    // The educator moves the mark: still one accepted.
    const moved = (await call('educator', 'POST', `/api/qa/accept/${fromEducator._id}`, {})).json();
    expect(moved.answers[0]).toMatchObject({ _id: fromEducator._id, accepted: true, byEducator: true });
    expect(moved.answers.filter((a: { accepted: boolean }) => a.accepted)).toHaveLength(1);
    const off = (await call('educator', 'POST', `/api/qa/accept/${fromEducator._id}`, { accepted: false })).json();
    expect(off.question.accepted).toBe(false);
    // Deleting the educator's answer leaves it unanswered (the classmate's is not accepted).
    expect((await call('educator', 'DELETE', `/api/qa/answer/${fromEducator._id}`)).statusCode).toBe(200);
    expect((await detail(q._id)).question).toMatchObject({ answered: false, answerCount: 1 });
  });

  it('locks: no new answers (409), until unlocked; features: listed first', async () => {
    const q = await ask('asker', { title: 'Lock me' });
    expect((await call('educator', 'POST', `/api/qa/lock/${q._id}`, {})).json().locked).toBe(true);
    const refused = await call('classmate', 'POST', `/api/qa/answer/${q._id}`, { body: 'late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This question is locked: it takes no new answers');
    expect((await call('educator', 'POST', `/api/qa/lock/${q._id}`, { locked: false })).json().locked).toBe(false);
    await answer('classmate', q._id, 'now it works');

    const older = await ask('asker', { title: 'Older but featured' });
    await ask('asker', { title: 'Newest' });
    expect((await call('educator', 'POST', `/api/qa/feature/${older._id}`, { featured: true })).json().featured).toBe(
      true,
    );
    const first = (await list()).questions[0];
    expect(first).toMatchObject({ _id: older._id, featured: true });
  });

  it('counts a vote once: 10 toggles at once alternate, 10 “voted” at once count one, 10 voters count 10', async () => {
    const q = await ask('asker', { title: 'Vote on me' });
    const votes = () => app.db.select().from(qaVotes).where(eq(qaVotes.questionId, q._id));
    const stored = async () => (await app.db.select().from(qaQuestions).where(eq(qaQuestions.id, q._id)))[0].votes;

    const toggles = await Promise.all(
      Array.from({ length: 10 }, () => call('classmate', 'POST', `/api/qa/vote/${q._id}`, {})),
    );
    expect(toggles.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    // Serialised by the question's lock: five votes on, five off, ending where it began.
    expect(toggles.filter((r) => r.json().votedByMe)).toHaveLength(5);
    expect(await votes()).toHaveLength(0);
    expect(await stored()).toBe(0);

    const sets = await Promise.all(
      Array.from({ length: 10 }, () => call('classmate', 'POST', `/api/qa/vote/${q._id}`, { voted: true })),
    );
    expect(sets.every((r) => r.json().votes === 1 && r.json().votedByMe)).toBe(true);
    expect(await votes()).toHaveLength(1);

    const voters = await Promise.all(
      Array.from({ length: 9 }, async () => {
        const u = await createUser(app);
        await enroll(app, u.id, course.id);
        return loginCookie(app, u);
      }),
    );
    await Promise.all(
      voters.map((cookie) =>
        app.inject({ method: 'POST', url: `/api/qa/vote/${q._id}`, payload: {}, headers: { cookie } }),
      ),
    );
    expect(await stored()).toBe(10);
    expect(await votes()).toHaveLength(10);
    const listed = (await list('sort=votes')).questions.find((x) => x._id === q._id);
    expect(listed).toMatchObject({ votes: 10, votedByMe: false });
    expect((await list('sort=votes', 'classmate')).questions.find((x) => x._id === q._id)).toMatchObject({
      votedByMe: true,
    });
  });

  it('pages by keyset without repeats or gaps, and refuses a cursor of another order', async () => {
    const solo = await createCourse(app, educator.id, { title: 'Paging' });
    await enroll(app, asker.id, solo.id);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await ask('asker', { courseId: solo.id, title: `Q${i}`, body: 'b' }))._id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call('asker', 'GET', `/api/qa/course/${solo.id}?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...res.json().questions.map((q: { _id: string }) => q._id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
    const first = (await call('asker', 'GET', `/api/qa/course/${solo.id}?limit=3`)).json();
    const wrong = await call('asker', 'GET', `/api/qa/course/${solo.id}?sort=votes&cursor=${first.nextCursor}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ cursor: 'Invalid cursor' });
  });

  describe('q= search (the AI search’s engine)', () => {
    let centering = '';
    let promise = '';
    it('finds a question by a misspelt word, a word being typed and a Hinglish query', async () => {
      const search = await createCourse(app, educator.id, { title: 'Searchable' });
      await enroll(app, asker.id, search.id);
      const make = async (title: string, body: string) =>
        (await ask('asker', { courseId: search.id, title, body }))._id;
      centering = await make('Centering a div with flexbox', 'justify-content and align-items do not center my box');
      promise = await make('Why does my promise never resolve?', 'The async function hangs after fetch');
      await make('Deploying on Vercel', 'Build fails with an environment variable missing');
      const found = async (q: string) =>
        (await call('asker', 'GET', `/api/qa/course/${search.id}?q=${encodeURIComponent(q)}`))
          .json()
          .questions.map((x: { _id: string }) => x._id) as string[];

      expect(await found('flexbx')).toEqual([centering]);
      expect(await found('promse resolve')).toEqual([promise]);
      expect(await found('how to center with flexb')).toEqual([centering]);
      expect(await found('mujhe flexbox samjhao')).toEqual([centering]);
      expect(await found('kubernetes')).toEqual([]);
      // Only fillers: nothing to look for.
      expect(await found('how do i')).toEqual([]);
    });

    it('keeps to the course, the filters and the caller’s access', async () => {
      expect((await list('q=flexbox')).questions.map((q) => q._id)).not.toContain(centering);
      expect((await call('outsider', 'GET', `/api/qa/course/${course.id}?q=flexbox`)).statusCode).toBe(403);
    });
  });

  it('gives the educator an inbox oldest first and unanswered counts on the dashboard; the course page a median', async () => {
    const inboxCourse = await createCourse(app, educator.id, { title: 'Inbox course' });
    await enroll(app, asker.id, inboxCourse.id);
    const ids: string[] = [];
    for (const title of ['First', 'Second', 'Third'])
      ids.push((await ask('asker', { courseId: inboxCourse.id, title }))._id);
    // Asked 2 h, 4 h and 6 h ago; the educator answers the first two 1 h and 3 h after.
    const hours = (h: number) => sql`now() - make_interval(hours => ${h})`;
    await app.db.execute(sql`update qa_questions set created_at = ${hours(6)} where id = ${ids[0]}`);
    await app.db.execute(sql`update qa_questions set created_at = ${hours(4)} where id = ${ids[1]}`);
    await app.db.execute(sql`update qa_questions set created_at = ${hours(2)} where id = ${ids[2]}`);
    const inbox = async () =>
      (await call('educator', 'GET', `/api/qa/inbox?courseId=${inboxCourse.id}`)).json() as {
        questions: { _id: string }[];
        unansweredCount: number;
      };
    expect((await inbox()).questions.map((q) => q._id)).toEqual(ids);
    const before = (await inbox()).unansweredCount;

    await answer('educator', ids[0]);
    await answer('educator', ids[1]);
    await app.db.execute(sql`update qa_answers set created_at = ${hours(5)} where question_id = ${ids[0]}`);
    await app.db.execute(sql`update qa_questions set first_educator_answer_at = ${hours(5)} where id = ${ids[0]}`);
    await app.db.execute(sql`update qa_answers set created_at = ${hours(1)} where question_id = ${ids[1]}`);
    await app.db.execute(sql`update qa_questions set first_educator_answer_at = ${hours(1)} where id = ${ids[1]}`);
    expect((await inbox()).questions.map((q) => q._id)).toEqual([ids[2]]);
    expect((await inbox()).unansweredCount).toBe(before - 2);

    const dashboard = (await call('educator', 'GET', '/api/certificate/dashboard')).json();
    expect(dashboard.find((r: { courseId: string }) => r.courseId === inboxCourse.id)).toMatchObject({
      unansweredQuestions: 1,
    });

    const stats = await call('asker', 'GET', `/api/qa/stats/${inboxCourse.id}`);
    expect(stats.statusCode).toBe(200);
    // Median of 1 h and 3 h.
    expect(stats.json()).toEqual({
      courseId: inboxCourse.id,
      medianFirstAnswerSeconds: 7200,
      answeredQuestions: 2,
      windowDays: 90,
    });
    expect((await call('educator', 'GET', `/api/qa/stats/${inboxCourse.id}`)).json().unansweredCount).toBe(1);
  });

  it('takes a report once per user and post, never of one’s own, and shows the count to the educator', async () => {
    const q = await ask('asker', { title: 'Report me' });
    const a = await answer('classmate', q._id, 'spam spam');
    expect((await call('asker', 'POST', `/api/qa/report/${a._id}`, { reason: 'Spam' })).statusCode).toBe(201);
    expect((await call('asker', 'POST', `/api/qa/report/${a._id}`, { reason: 'Spam' })).statusCode).toBe(200);
    const own = await call('asker', 'POST', `/api/qa/report/${q._id}`, { reason: 'Mine' });
    expect(own.statusCode).toBe(400);
    expect((await detail(q._id, 'educator')).answers[0].reportCount).toBe(1);
    expect((await detail(q._id, 'asker')).answers[0].reportCount).toBeUndefined();
  });

  it('limits asking per user: 429 with Retry-After and when to try again', async () => {
    const busy = await createUser(app);
    await enroll(app, busy.id, course.id);
    const cookie = await loginCookie(app, busy);
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/api/qa/ask',
        payload: { courseId: course.id, title: 'Again?', body: 'b' },
        headers: { cookie },
      });
    for (let i = 0; i < QA_LIMITS.ask.max; i++) expect((await post()).statusCode).toBe(201);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Someone else is not affected.
    await ask('classmate', { title: 'Not limited' });
  });
});
