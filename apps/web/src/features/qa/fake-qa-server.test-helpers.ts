import type { Answer, QaViewer, Question } from '@kaksha/contracts';
import { vi } from 'vitest';
import { json } from '@/test/http';

/** A question as the API answers it: Priya's, on lecture l1 of course c1 at 0:42, unless `over` says otherwise. */
export const testQuestion = (over: Partial<Question> = {}): Question => ({
  _id: 'q1',
  courseId: 'c1',
  courseTitle: 'HTML, CSS and JavaScript',
  lectureId: 'l1',
  lectureTitle: 'Flexbox',
  timestampSec: 42,
  title: 'How do I center a div both ways?',
  body: 'I tried margin: auto.',
  author: { _id: 'learner', name: 'Priya', photoUrl: null, role: 'student' },
  answerCount: 0,
  votes: 0,
  votedByMe: false,
  accepted: false,
  answered: false,
  featured: false,
  locked: false,
  createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
  ...over,
});

export const testAnswer = (over: Partial<Answer> = {}): Answer => ({
  _id: 'a1',
  questionId: 'q1',
  body: 'Use justify-content and align-items.',
  author: { _id: 'educator', name: 'Ananya', photoUrl: null, role: 'educator' },
  byEducator: true,
  accepted: false,
  createdAt: new Date(Date.now() - 3600_000).toISOString(),
  ...over,
});

export interface Call {
  method: string;
  path: string;
  params: URLSearchParams;
  // biome-ignore lint/suspicious/noExplicitAny: a request body as JSON, read by the tests' own expectations
  body: any;
}

/**
 * The Q&A API over `questions` and `answers` (by question), as `viewer` sees it, for a stubbed
 * fetch; every request is kept in `calls`. Lists filter by lectureId, status and q (words in the title).
 */
export function fakeQaServer(viewer: QaViewer) {
  const state = {
    questions: [] as Question[],
    answers: new Map<string, Answer[]>(),
    calls: [] as Call[],
    unansweredCount: 0,
  };
  const detail = (q: Question) => ({ question: q, answers: state.answers.get(q._id) ?? [], viewer });
  const find = (id: string) => state.questions.find((q) => q._id === id);
  const update = (id: string, change: Partial<Question>) => {
    state.questions = state.questions.map((q) => (q._id === id ? { ...q, ...change } : q));
    return find(id) as Question;
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const { pathname, searchParams: params } = new URL(url, 'http://localhost');
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      state.calls.push({ method, path: pathname, params, body });
      /** The id in the path when it is `/api/qa/{action}/{id}`. */
      const idOf = (action: string) => new RegExp(`^/api/qa/${action}/(\\w+)$`).exec(pathname)?.[1];
      const questionId = idOf('question');
      const answerTo = idOf('answer');
      const accepting = idOf('accept');
      const voting = idOf('vote');
      const flagging = idOf('feature') ?? idOf('lock');
      if (method === 'GET' && pathname === '/api/qa/course/c1') {
        const q = params.get('q')?.toLowerCase();
        const status = params.get('status');
        const list = state.questions.filter(
          (x) =>
            (!params.get('lectureId') || x.lectureId === params.get('lectureId')) &&
            (status === 'all' || !status || (status === 'answered') === x.answered) &&
            (!q || q.split(/\s+/).some((w) => x.title.toLowerCase().includes(w))),
        );
        return json({ questions: list, nextCursor: null, viewer });
      }
      if (method === 'GET' && pathname === '/api/qa/inbox') {
        const status = params.get('status');
        const list = state.questions.filter(
          (x) =>
            (status === 'all' || (status === 'answered') === x.answered) &&
            (!params.get('courseId') || x.courseId === params.get('courseId')),
        );
        return json({ questions: list, nextCursor: null, unansweredCount: state.unansweredCount });
      }
      if (questionId) {
        const q = find(questionId);
        if (!q) return json({ message: 'Question not found' }, 404);
        if (method === 'DELETE') {
          state.questions = state.questions.filter((x) => x !== q);
          return json({ message: 'Question deleted' });
        }
        return json(detail(q));
      }
      if (method === 'POST' && pathname === '/api/qa/ask') {
        const q = testQuestion({
          _id: 'new',
          ...body,
          author: { _id: viewer.userId, name: 'Me', photoUrl: null, role: 'student' },
        });
        state.questions = [q, ...state.questions];
        return json(q, 201);
      }
      if (answerTo && method === 'POST') {
        const id = answerTo;
        const a = testAnswer({
          _id: `a${Date.now()}`,
          questionId: id,
          body: body.body,
          byEducator: viewer.role === 'educator',
        });
        state.answers.set(id, [...(state.answers.get(id) ?? []), a]);
        update(id, { answerCount: (find(id)?.answerCount ?? 0) + 1, answered: viewer.role === 'educator' });
        return json(a, 201);
      }
      if (accepting) {
        for (const [qid, list] of state.answers) {
          if (!list.some((a) => a._id === accepting)) continue;
          state.answers.set(
            qid,
            list.map((a) => ({ ...a, accepted: a._id === accepting && body.accepted })),
          );
          return json(detail(update(qid, { accepted: body.accepted, answered: true })));
        }
      }
      if (voting) {
        const q = find(voting) as Question;
        const votes = q.votes + (body.voted === q.votedByMe ? 0 : body.voted ? 1 : -1);
        update(q._id, { votes, votedByMe: body.voted });
        return json({ questionId: q._id, votes, votedByMe: body.voted });
      }
      if (flagging) return json(update(flagging, body));
      if (idOf('report')) {
        return json({ message: 'Thanks for reporting it: the educator will take a look' }, 201);
      }
      return json({ message: `no route ${method} ${pathname}` }, 404);
    }),
  );
  return state;
}

/** The calls made to one path (and method). */
export const callsTo = (state: { calls: Call[] }, path: string, method = 'GET') =>
  state.calls.filter((c) => c.path === path && c.method === method);
