import { describe, expect, it } from 'vitest';
import { send } from './modules/courses/test-helpers.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from './test/app.ts';

/**
 * Text the database cannot store (NUL) or that no one types (the other C0 controls, lone
 * surrogates) is refused where it enters: 400 naming the field, never a 500 from PostgreSQL
 * ("invalid byte sequence for encoding UTF8: 0x00"). Runs on PGlite and on PostgreSQL.
 */
describe('text fields: control characters and broken Unicode', async () => {
  const app = await buildTestApp({ AUTH_RATE_LIMIT_SCALE: '1000' });
  const educator = await createUser(app, { role: 'educator' });
  const educatorCookie = await loginCookie(app, educator);
  const learner = await createUser(app);
  const learnerCookie = await loginCookie(app, learner);
  const course = await createCourse(app, educator.id, { price: 0, lectures: [{ lectureTitle: 'Intro' }] });
  const lecture = course.lectures[0];
  await enroll(app, learner.id, course.id);
  const section = (
    await send(app, 'POST', `/api/course/createsection/${course.id}`, educatorCookie, { title: 'One' })
  ).json() as { _id: string };
  const question = { prompt: 'Pick one', kind: 'single', options: ['Yes', 'No'], correct: [0], explanation: 'Why' };
  const quiz = { title: 'Check', passPercent: 50, questions: [question] };
  const quizId = (await send(app, 'POST', `/api/quiz/create/${course.id}`, educatorCookie, quiz)).json()._id as string;
  const VTT = { filename: 'en.vtt', type: 'text/vtt', data: Buffer.from('WEBVTT\n\n00:00.500 --> 00:02.000\nHi\n') };

  /**
   * Each request carries `bad` in one text field; the answer must name that field. `via`: how
   * it travels (a URL or a form carries bytes, so a lone surrogate can only come in JSON).
   */
  const cases = (bad: string) => [
    {
      field: 'name',
      label: 'Name',
      via: 'json',
      send: () =>
        send(app, 'POST', '/api/auth/signup', undefined, {
          name: bad,
          email: 'new@example.com',
          password: 'long enough',
        }),
    },
    {
      field: 'email',
      label: 'Email',
      via: 'json',
      send: () => send(app, 'POST', '/api/auth/login', undefined, { email: `a${bad}@example.com`, password: 'x' }),
    },
    {
      field: 'name',
      label: 'Name',
      via: 'json',
      send: () => send(app, 'POST', '/api/user/updateprofile', learnerCookie, { name: bad }),
    },
    {
      field: 'description',
      label: 'Description',
      via: 'form',
      send: () => send(app, 'POST', '/api/user/updateprofile', learnerCookie, { multipart: { description: bad } }),
    },
    {
      field: 'title',
      label: 'Title',
      via: 'json',
      send: () => send(app, 'POST', '/api/course/create', educatorCookie, { title: bad, category: 'AI/ML' }),
    },
    ...(['title', 'subTitle', 'description'] as const).flatMap((field) => {
      const label = { title: 'Title', subTitle: 'Subtitle', description: 'Description' }[field];
      const url = `/api/course/editcourse/${course.id}`;
      return [
        { field, label, via: 'json', send: () => send(app, 'POST', url, educatorCookie, { [field]: bad }) },
        {
          field,
          label,
          via: 'form',
          send: () => send(app, 'POST', url, educatorCookie, { multipart: { [field]: bad } }),
        },
      ];
    }),
    {
      field: 'lectureTitle',
      label: 'Lecture title',
      via: 'json',
      send: () => send(app, 'POST', `/api/course/createlecture/${course.id}`, educatorCookie, { lectureTitle: bad }),
    },
    {
      field: 'lectureTitle',
      label: 'Lecture title',
      via: 'form',
      send: () =>
        send(app, 'POST', `/api/course/editlecture/${lecture.id}`, educatorCookie, {
          multipart: { lectureTitle: bad },
        }),
    },
    {
      field: 'title',
      label: 'Section title',
      via: 'json',
      send: () => send(app, 'POST', `/api/course/createsection/${course.id}`, educatorCookie, { title: bad }),
    },
    {
      field: 'title',
      label: 'Section title',
      via: 'json',
      send: () => send(app, 'POST', `/api/course/editsection/${section._id}`, educatorCookie, { title: bad }),
    },
    {
      field: 'title',
      label: 'Title',
      via: 'json',
      send: () => send(app, 'POST', `/api/quiz/edit/${quizId}`, educatorCookie, { ...quiz, title: bad }),
    },
    ...(
      [
        ['prompt', 'Question', { prompt: bad }],
        ['options.1', 'Option', { options: ['Yes', bad] }],
        ['explanation', 'Explanation', { explanation: bad }],
      ] as const
    ).map(([field, label, change]) => ({
      field: `questions.0.${field}`,
      label,
      via: 'json',
      send: () =>
        send(app, 'POST', `/api/quiz/create/${course.id}`, educatorCookie, {
          ...quiz,
          questions: [{ ...question, ...change }],
        }),
    })),
    {
      field: 'comment',
      label: 'Comment',
      via: 'json',
      send: () =>
        send(app, 'POST', '/api/review/givereview', learnerCookie, { rating: 4, comment: bad, courseId: course.id }),
    },
    {
      field: 'label',
      label: 'Label',
      via: 'form',
      send: () =>
        send(app, 'POST', `/api/course/lecturecaptions/${lecture.id}`, educatorCookie, {
          multipart: { lang: 'en', label: bad, captions: VTT },
        }),
    },
    {
      field: 'orderId',
      label: 'orderId',
      via: 'json',
      send: () => send(app, 'POST', '/api/payment/sandbox/pay', learnerCookie, { orderId: bad, outcome: 'success' }),
    },
    {
      field: 'cursor',
      label: 'cursor',
      via: 'url',
      send: () => send(app, 'GET', `/api/course/catalog?cursor=${encodeURIComponent(bad)}`, undefined),
    },
    {
      field: 'courseId',
      label: 'courseId',
      via: 'url',
      send: () => send(app, 'GET', `/api/course/getcourse/${course.id}${encodeURIComponent(bad)}`, undefined),
    },
  ];

  it('answers 400 naming the field for NUL in every kind of text field', async () => {
    for (const c of cases('bad\u0000text')) {
      const res = await c.send();
      const message = `${c.label} must not contain control characters`;
      expect([c.field, res.statusCode, res.json()]).toEqual([
        c.field,
        400,
        expect.objectContaining({ message, fields: expect.objectContaining({ [c.field]: message }) }),
      ]);
    }
  });

  it('refuses the other C0 controls; multi-line fields keep tabs and line breaks, single-line ones do not', async () => {
    for (const bad of ['\u0001', '\u0008', '\u000b', '\u001b', '\u001f']) {
      const res = await send(app, 'POST', `/api/course/editcourse/${course.id}`, educatorCookie, {
        description: `a${bad}b`,
      });
      expect([JSON.stringify(bad), res.statusCode]).toEqual([JSON.stringify(bad), 400]);
    }
    const description = 'Line one\r\n\tLine two\nLine three';
    const edited = await send(app, 'POST', `/api/course/editcourse/${course.id}`, educatorCookie, { description });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().description).toBe(description);
    const comment = 'Good\n\tvery good';
    const review = await send(app, 'POST', '/api/review/givereview', learnerCookie, {
      rating: 5,
      comment,
      courseId: course.id,
    });
    expect(review.statusCode).toBe(201);
    for (const bad of ['\t', '\n', '\r']) {
      const res = await send(app, 'POST', `/api/course/editcourse/${course.id}`, educatorCookie, { title: `a${bad}b` });
      expect(res.json()).toMatchObject({ fields: { title: 'Title must not contain control characters' } });
    }
    // Surrounding whitespace, line breaks included, is trimmed before the check.
    const trimmed = await send(app, 'POST', `/api/course/editcourse/${course.id}`, educatorCookie, {
      title: ' Trimmed \n',
    });
    expect(trimmed.json().title).toBe('Trimmed');
  });

  it('answers 400 naming the field for a lone surrogate (no UTF-8 exists for it)', async () => {
    for (const c of cases('bad\ud800text').filter((c) => c.via === 'json')) {
      const res = await c.send();
      const message = `${c.label} must be valid Unicode text`;
      expect([c.field, res.statusCode, res.json().fields]).toEqual([
        c.field,
        400,
        expect.objectContaining({ [c.field]: message }),
      ]);
    }
  });

  it('stores what PostgreSQL does accept: C1 controls, noncharacters, astral characters, paired surrogates', async () => {
    const description = 'C1 \u0085\u009f, noncharacters \ufffe\uffff\ufdd0, astral 𝕂𝕒𝕜𝕤𝕙𝕒 😀, RTL \u202e, BOM \ufeff.';
    const res = await send(app, 'POST', '/api/user/updateprofile', learnerCookie, { name: 'Ẩ 𝕂', description });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ẩ 𝕂', description });
  });
});
