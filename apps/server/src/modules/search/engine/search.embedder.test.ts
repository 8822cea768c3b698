import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../../test/app.ts';
import { send } from '../../courses/test-helpers.ts';
import { type Embedder, quantizeScaled, REEMBED_QUEUE, repairSweep } from './search.embedder.ts';

/**
 * EMBEDDINGS_PROVIDER=openai against a loopback stand-in of an OpenAI-compatible `/v1/embeddings`
 * endpoint. The stand-in's "model" knows three subjects (one dimension each): tableau and quokka
 * gardening are the same subject to it, which no local vector or lexical rule would say, so a
 * query that lists the quokka course after the tableau one used the external vectors.
 */
type Mode = 'ok' | 'slow' | 'error' | 'garbage' | 'wrong-dims' | 'wrong-count';
let mode: Mode = 'error';
const DIMS = 8;
const BATCH = 2;
const QUERY_TIMEOUT_MS = 300;
const received: { url: string; auth?: string; model: string; input: string[]; mode: Mode }[] = [];
const SUBJECTS: Record<string, number> = {
  tableau: 0,
  dashboards: 0,
  quokka: 0,
  gardening: 0,
  python: 1,
  programming: 1,
  snake: 1,
  charming: 1,
  sourdough: 2,
  baking: 2,
};

function standInVector(text: string, dims = DIMS): number[] {
  const v = new Array(dims).fill(0);
  for (const w of text.toLowerCase().split(/[^a-z]+/)) if (w in SUBJECTS) v[SUBJECTS[w]] += 1;
  if (v.every((x) => x === 0)) v[dims - 1] = 1;
  return v;
}

const standIn = createServer(async (req: IncomingMessage, res: ServerResponse) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const body = JSON.parse(raw) as { model: string; input: string[] };
  received.push({ url: req.url ?? '', auth: req.headers.authorization, model: body.model, input: body.input, mode });
  const reply = (status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(text);
  };
  if (mode === 'slow') return; // never answers (the connection closes with the server)
  if (mode === 'error') return reply(500, '{"error":{"message":"overloaded"}}');
  if (mode === 'garbage') return reply(200, 'upstream says: embeddings are on their way');
  const inputs = mode === 'wrong-count' ? body.input.slice(1) : body.input;
  // Answers in reverse order with their indexes, as the API allows.
  const data = inputs
    .map((t, index) => ({ object: 'embedding', index, embedding: standInVector(t, mode === 'wrong-dims' ? 9 : DIMS) }))
    .reverse();
  reply(200, JSON.stringify({ object: 'list', data, model: body.model }));
});

/** Polls a condition (never a fixed wait); fails after `ms`. */
async function until(cond: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('pluggable embedder (EMBEDDINGS_PROVIDER=openai)', async () => {
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));
  standIn.on('connection', (socket) => afterAll(() => socket.destroy()));
  const port = (standIn.address() as AddressInfo).port;
  const app = await buildTestApp({
    EMBEDDINGS_PROVIDER: 'openai',
    EMBEDDINGS_BASE_URL: `http://127.0.0.1:${port}/v1`,
    EMBEDDINGS_MODEL: 'stand-in-embed',
    EMBEDDINGS_API_KEY: 'test-key',
    EMBEDDINGS_BATCH_SIZE: String(BATCH),
    EMBEDDINGS_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
  });
  const embedder = app.searchEmbedder as Embedder;
  const educator = await createUser(app, { role: 'educator' });
  const educatorCookie = await loginCookie(app, educator);
  const cookie = await loginCookie(app, await createUser(app));
  const ids: Record<string, string> = {};
  const id = `openai:stand-in-embed:${DIMS}`;

  const titles = async (input: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/ai/search', headers: { cookie }, payload: { input } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { title: string }[]).map((c) => c.title);
  };
  const counts = async () =>
    (
      (await app.db.execute(sql`
        select count(*)::int as total,
          count(*) filter (where embedder = ${id} and embedding_ext is not null)::int as have,
          count(*) filter (where embedder = ${id} and ext_version = updated_at)::int as fresh
        from course_search`)) as unknown as { rows: { total: number; have: number; fresh: number }[] }
    ).rows[0];
  const allFresh = async () => {
    const c = await counts();
    return c.total > 0 && c.fresh === c.total;
  };

  beforeAll(async () => {
    const add = async (key: string, fields: Parameters<typeof createCourse>[2]) => {
      ids[key] = (await createCourse(app, educator.id, fields)).id;
    };
    await add('tableau', {
      title: 'Tableau Dashboards',
      subTitle: 'Visual analytics for business',
      category: 'Data Analytics',
      price: 999,
    });
    await add('quokka', { title: 'Quokka Gardening', subTitle: 'Plants for small balconies', category: 'Others' });
    await add('python', {
      title: 'Python Programming for Beginners',
      subTitle: 'Learn to code step by step',
      category: 'Others',
    });
  });

  it('is not used while the catalogue has no external vectors (the endpoint failing): local answers', async () => {
    expect(await titles('tableau dashboards')).toEqual(['Tableau Dashboards']);
    expect(embedder.stats.external).toBe(0);
    expect(embedder.stats.local).toBeGreaterThan(0);
    expect((await counts()).have).toBe(0);
  });

  it('embeds texts in batches, in order, sending the model and key', async () => {
    mode = 'ok';
    const texts = ['tableau', 'python', 'sourdough', 'quokka', 'snake'];
    const vecs = await embedder.embedTexts(texts);
    // (The background jobs call the stand-in too: only this call's requests.)
    const mine = received.filter((r) => r.input.every((t) => texts.includes(t)));
    expect(mine.map((r) => r.input)).toEqual([['tableau', 'python'], ['sourdough', 'quokka'], ['snake']]);
    expect(mine.every((r) => r.url === '/v1/embeddings' && r.model === 'stand-in-embed')).toBe(true);
    expect(mine[0].auth).toBe('Bearer test-key');
    expect(vecs.map((v) => v.indexOf(1))).toEqual([0, 1, 2, 0, 1]);
  });

  it('fills the external vectors in the background (a sweep job), in batches', async () => {
    mode = 'ok';
    await app.jobs.send(REEMBED_QUEUE, {});
    await until(allFresh);
    const c = await counts();
    expect(c).toEqual({ total: 3, have: 3, fresh: 3 });
    expect(received.every((r) => r.input.length <= BATCH)).toBe(true);
    const sent = received.filter((r) => r.mode === 'ok').flatMap((r) => r.input);
    for (const title of ['Tableau Dashboards', 'Quokka Gardening', 'Python Programming for Beginners'])
      expect(sent.some((t) => t.startsWith(`${title}\n`))).toBe(true);
    // Stored compactly: int8, one byte per dimension.
    const bytes = (
      (await app.db.execute(sql`select octet_length(embedding_ext)::int as n from course_search`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(bytes.every((r) => r.n === DIMS)).toBe(true);
  });

  it('answers with the external vectors once the catalogue is complete', async () => {
    mode = 'ok';
    const before = embedder.stats.external;
    // The first query after completion may still see the incomplete state it cached; the next uses them.
    await until(async () => (await titles('tableau dashboards')).length === 2, 10_000);
    expect(await titles('tableau dashboards')).toEqual(['Tableau Dashboards', 'Quokka Gardening']);
    expect(embedder.stats.external).toBeGreaterThan(before);
  });

  it('falls back to the local vectors on a timeout, HTTP 500, non-JSON, wrong dims or a wrong count', async () => {
    const reasons: Record<Exclude<Mode, 'ok'>, string> = {
      slow: 'timeout',
      error: 'http',
      garbage: 'not-json',
      'wrong-dims': 'dims',
      'wrong-count': 'invalid',
    };
    for (const [m, reason] of Object.entries(reasons) as [Mode, string][]) {
      mode = m;
      embedder.clearQueryCache();
      const external = embedder.stats.external;
      expect(await titles('tableau dashboards'), m).toEqual(['Tableau Dashboards']);
      expect(embedder.stats.external, m).toBe(external);
      expect(embedder.stats.lastFallback, m).toBe(reason);
    }
    mode = 'ok';
    embedder.clearQueryCache();
    expect(await titles('tableau dashboards')).toEqual(['Tableau Dashboards', 'Quokka Gardening']);
  });

  it('keeps the external vectors current when a course is edited, unpublished, deleted or added', async () => {
    mode = 'ok';
    // Edit: the local vector changes in the edit's transaction; the external one in the background.
    const edited = await send(app, 'POST', `/api/course/editcourse/${ids.quokka}`, educatorCookie, {
      multipart: { title: 'Snake Charming Basics', subTitle: 'Calm handling', isPublished: 'true' },
    });
    expect(edited.statusCode).toBe(200);
    await until(allFresh);
    const vec = (
      (await app.db.execute(
        sql`select encode(embedding_ext, 'hex') as v from course_search where course_id = ${ids.quokka}`,
      )) as unknown as { rows: { v: string }[] }
    ).rows[0].v;
    expect(Buffer.from(vec, 'hex').readInt8(1)).toBe(127); // the stand-in's python subject
    await until(async () => (await titles('tableau dashboards')).length === 1, 10_000);
    const external = embedder.stats.external;
    expect(await titles('tableau dashboards')).toEqual(['Tableau Dashboards']);
    expect(await titles('python programming')).toContain('Snake Charming Basics');
    expect(embedder.stats.external).toBeGreaterThan(external);

    // Unpublished and deleted: their rows (and vectors) go; the rest stays complete and in use.
    await send(app, 'POST', `/api/course/editcourse/${ids.tableau}`, educatorCookie, {
      multipart: { isPublished: 'false' },
    });
    await send(app, 'DELETE', `/api/course/removecourse/${ids.quokka}`, educatorCookie);
    expect(await counts()).toEqual({ total: 1, have: 1, fresh: 1 });
    expect(await titles('tableau dashboards')).toEqual([]);
    const afterRemoval = embedder.stats.external;
    expect(await titles('python programming')).toEqual(['Python Programming for Beginners']);
    expect(embedder.stats.external).toBe(afterRemoval + 1);

    // Added: incomplete (local) until its job has run, then external again.
    const added = await createCourse(app, educator.id, {
      title: 'Quokka Dashboards',
      subTitle: 'Gardening reports',
      category: 'Others',
    });
    await until(allFresh);
    expect((await counts()).total).toBe(2);
    const row = (
      (await app.db.execute(sql`select embedder from course_search where course_id = ${added.id}`)) as unknown as {
        rows: { embedder: string }[];
      }
    ).rows[0];
    expect(row.embedder).toBe(id);
  });

  it('re-embeds the whole catalogue when the embedder changes', async () => {
    mode = 'ok';
    await app.db.execute(sql`update course_search set embedder = 'openai:older-model:8'`);
    expect((await counts()).have).toBe(0);
    await app.jobs.send(REEMBED_QUEUE, {});
    await until(allFresh);
    expect((await counts()).have).toBe(2);
  });

  it('commits an edit whose re-embedding cannot be queued (savepoint); the next sweep embeds it', async () => {
    mode = 'ok';
    const jobs = app.jobs;
    const original = jobs.send;
    let failed = 0;
    jobs.send = async (queue, data, options) => {
      // A failing statement inside the edit's transaction, where the job would have been inserted.
      if (queue === REEMBED_QUEUE && options?.tx) {
        failed++;
        await options.tx.execute(sql`select * from pgboss.no_such_table`);
      }
      return original.call(jobs, queue, data, options);
    };
    try {
      const edited = await send(app, 'POST', `/api/course/editcourse/${ids.python}`, educatorCookie, {
        multipart: { title: 'Python Programming for Sourdough Bakers', isPublished: 'true' },
      });
      expect(edited.statusCode).toBe(200);
      expect(await titles('sourdough bakers')).toContain('Python Programming for Sourdough Bakers');
      expect(failed).toBe(1);
    } finally {
      jobs.send = original;
    }
    await app.jobs.send(REEMBED_QUEUE, {});
    await until(allFresh);
  });

  it('the periodic check queues a sweep only when some vector is stale and no job is pending', async () => {
    mode = 'ok';
    await until(async () => (await app.jobs.pending(REEMBED_QUEUE)) === 0);
    expect(await repairSweep(embedder, app)).toBe(false);
    // As if its job had failed for good: a stale vector that nothing would rewrite.
    await app.db.execute(sql`update course_search set ext_version = null where course_id = ${ids.python}`);
    expect(await allFresh()).toBe(false);
    expect(await repairSweep(embedder, app)).toBe(true);
    await until(allFresh);
  });

  it('queues the re-embedding of an edit through the app that made it, never through another app of the process', async () => {
    mode = 'ok';
    // A second app in this process, with the local embedder: its edits queue no re-embedding at all
    // (a process-wide list of apps once sent them to the latest app started with an external embedder).
    const local = await buildTestApp();
    expect(local.searchReembed).toBeNull();
    const jobs = app.jobs;
    const original = jobs.send;
    const queued: unknown[] = [];
    jobs.send = async (queue, data, options) => {
      if (queue === REEMBED_QUEUE) queued.push(data);
      return original.call(jobs, queue, data, options);
    };
    try {
      const localEducator = await createUser(local, { role: 'educator' });
      await createCourse(local, localEducator.id, { title: 'Balcony Gardening', subTitle: 'Pots', category: 'Others' });
      expect(queued).toEqual([]);
      // The app with the external embedder still queues its own edits' re-embedding.
      const own = await createCourse(app, educator.id, {
        title: 'Sourdough Baking',
        subTitle: 'Bread',
        category: 'Others',
      });
      expect(queued).toEqual([{ courseIds: [own.id] }]);
    } finally {
      jobs.send = original;
    }
    await until(allFresh);
  });
});

describe('quantizeScaled', () => {
  it('keeps cosines (largest component ±127)', () => {
    const v = Float32Array.from([0.01, -0.02, 0.005, 0.03]);
    const q = new Int8Array(quantizeScaled(v));
    expect(Math.max(...q.map(Math.abs))).toBe(127);
    const dot = q.reduce((s, x, i) => s + x * v[i], 0);
    const cos = dot / Math.hypot(...q) / Math.hypot(...v);
    expect(cos).toBeGreaterThan(0.999);
  });
});
