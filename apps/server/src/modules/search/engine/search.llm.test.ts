import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../../test/app.ts';
import { LLM_TIMEOUT_MS } from './search.llm.ts';

/**
 * AI_PROVIDER=openai against a loopback stand-in of an OpenAI-compatible
 * chat-completions endpoint: its answer is used when valid; on a timeout, an error or
 * malformed output the built-in engine answers alone.
 */
type Mode = 'ok' | 'slow' | 'garbage' | 'invalid' | 'error';
let mode: Mode = 'ok';
let answer: unknown = {};
const received: {
  url: string;
  auth?: string;
  body: { model: string; messages: { role: string; content: string }[] };
}[] = [];

/** The slow mode's answers, held until released. */
const held: (() => void)[] = [];

const standIn = createServer(async (req: IncomingMessage, res: ServerResponse) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  received.push({ url: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw) });
  const reply = (content: string) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content } }],
      }),
    );
  };
  if (mode === 'slow') {
    // Never answers in time: the answer waits until the test lets it go (after the search has returned).
    held.push(() => reply(JSON.stringify(answer)));
    return;
  }
  if (mode === 'error') {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end('{"error":{"message":"overloaded"}}');
    return;
  }
  if (mode === 'garbage') return reply('Sure! Here are some courses you might like: Python, Java.');
  if (mode === 'invalid') return reply(JSON.stringify({ topics: 'python', level: 'Expert', maxPrice: -5 }));
  reply(`\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``);
});

describe('LLM query understanding (AI_PROVIDER=openai)', async () => {
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  afterAll(() => {
    for (const release of held.splice(0)) release();
    return new Promise<void>((resolve) => standIn.close(() => resolve()));
  });
  const port = (standIn.address() as AddressInfo).port;
  const app = await buildTestApp({
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
    OPENAI_API_KEY: 'test-key',
    OPENAI_MODEL: 'stand-in-model',
  });
  const educator = await createUser(app, { role: 'educator' });
  const cookie = await loginCookie(app, await createUser(app));
  const search = async (input: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/ai/search', headers: { cookie }, payload: { input } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { title: string }[]).map((c) => c.title);
  };

  beforeAll(async () => {
    await createCourse(app, educator.id, {
      title: 'Python Programming for Beginners',
      subTitle: 'Learn to code step by step',
      category: 'Others',
      level: 'Beginner',
      price: 399,
    });
    await createCourse(app, educator.id, {
      title: 'Advanced Python Internals',
      subTitle: 'Bytecode, the GIL and memory',
      category: 'Others',
      level: 'Advanced',
      price: 2499,
    });
    await createCourse(app, educator.id, {
      title: 'Tableau Dashboards',
      subTitle: 'Visual analytics for business',
      category: 'Data Analytics',
      level: 'Beginner',
      price: 999,
    });
  });

  it('uses the validated LLM reading, sending only the query text', async () => {
    mode = 'ok';
    answer = {
      topics: ['python'],
      related: ['coding'],
      level: 'Advanced',
      category: null,
      maxPrice: null,
      minPrice: null,
      sort: null,
    };
    received.length = 0;
    // The built-in parser alone finds nothing for this phrasing; the LLM's topics do.
    const query = 'zorblax snake language deep internals';
    expect(await search(query)).toEqual(['Advanced Python Internals', 'Python Programming for Beginners']);
    expect(received).toHaveLength(1);
    expect(received[0].url).toBe('/v1/chat/completions');
    expect(received[0].auth).toBe('Bearer test-key');
    expect(received[0].body.model).toBe('stand-in-model');
    const user = received[0].body.messages.filter((m) => m.role === 'user');
    expect(user).toEqual([{ role: 'user', content: query }]);
  });

  it('falls back to the built-in engine after the time limit', async () => {
    mode = 'slow';
    const t0 = Date.now();
    expect((await search('python for beginners'))[0]).toBe('Python Programming for Beginners');
    // It waited for the time limit, not for the answer: that is still held (however slow the machine).
    expect(Date.now() - t0).toBeGreaterThanOrEqual(LLM_TIMEOUT_MS - 100);
    expect(held).toHaveLength(1);
    for (const release of held.splice(0)) release();
  });

  it('falls back on malformed, invalid or failed answers', async () => {
    for (const m of ['garbage', 'invalid', 'error'] as const) {
      mode = m;
      expect((await search('tableau dashboards'))[0], m).toBe('Tableau Dashboards');
      expect(await search('zorblax snake language deep internals'), m).toEqual([]);
    }
  });
});
