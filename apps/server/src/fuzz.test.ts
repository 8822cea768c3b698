import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from './test/app.ts';

/**
 * Property-based fuzzing of every route: the routes and their schemas come from the app's own
 * OpenAPI document, so a new route is fuzzed without touching this file. Each run sends one
 * request — valid-ish values from the schema or hostile ones — as a visitor, a learner or an
 * educator, and the server must never answer 5xx. Bounded by a fixed number of runs, not time.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  nullable?: boolean;
};
interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
}

/** Values an attacker tries in any string slot. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '%00',
  '../../etc/passwd',
  '..%2f..%2f',
  'a'.repeat(300),
  'x'.repeat(70_000),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table users; --',
  '__proto__',
  'constructor',
  '₹9999999999',
  '9'.repeat(40),
  '-1',
  '1e309',
  'NaN',
  '\uD800',
  '𝕂𝕒𝕜𝕤𝕙𝕒',
  'null',
  'true',
  '{"$gt":""}',
  '00000000-0000-0000-0000-000000000000',
];
const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31), Number.MAX_SAFE_INTEGER, 1e308),
  fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}')),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Valid-ish values for a JSON schema (what zod's transform put in the OpenAPI document). */
function fromSchema(schema: JsonSchema | undefined, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromSchema(s, ids, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], ids, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const base = (() => {
    switch (type) {
      case 'string': {
        if (schema.format === 'email') return fc.oneof(fc.emailAddress(), hostileString);
        if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
        const min = schema.minLength ?? 0;
        const max = Math.max(min, Math.min(schema.maxLength ?? 60, 200));
        return fc.oneof(fc.string({ minLength: min, maxLength: max }), fc.constantFrom(...ids));
      }
      case 'integer':
      case 'number': {
        const min = schema.minimum ?? -1_000_000;
        const max = schema.maximum ?? 1_000_000;
        return type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(fromSchema(schema.items, ids, depth + 1), { maxLength: 4 });
      case 'object': {
        const props = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, s] of Object.entries(props)) record[name] = fromSchema(s, ids, depth + 1);
        return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
      }
      default:
        return hostileValue;
    }
  })();
  // One value in eight ignores the schema altogether.
  return fc.oneof({ weight: 7, arbitrary: base }, { weight: 1, arbitrary: hostileValue });
}

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as { in: string; name: string; schema?: JsonSchema }[];
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}])),
        body: content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

/** Bodies beside JSON: what a browser form, a broken client or an attacker might send. */
const otherBody = fc.oneof(
  fc.record({ type: fc.constant('text/plain'), payload: hostileString }),
  fc.record({
    type: fc.constant('application/json'),
    payload: fc.constantFrom('{', '[]', 'null', '"x"', '{"a":', '\u0000'),
  }),
  fc.record({
    type: fc.constant('multipart/form-data; boundary=fuzz'),
    payload: fc.constantFrom(
      '--fuzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nFuzz\r\n--fuzz--\r\n',
      '--fuzz\r\nContent-Disposition: form-data; name="photoUrl"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n--fuzz--\r\n',
      '--fuzz\r\nContent-Disposition: form-data; name="thumbnail"; filename="a.gif"\r\n\r\nGIF89a\r\n--fuzz--\r\n',
      '--fuzz\r\nContent-Disposition: form-data; name="videoUrl"; filename="v.mp4"\r\n\r\n\0\0\0\x18ftypmp42\r\n--fuzz--\r\n',
      '--fuzz\r\nContent-Disposition: form-data; name="x"\r\n\r\n',
      'no boundary here at all',
    ),
  }),
  fc.record({ type: fc.constant('multipart/form-data'), payload: fc.constant('--x--') }),
  fc.record({ type: fc.constant('application/x-www-form-urlencoded'), payload: fc.constant('a=1&b=%ZZ') }),
);

/** A path segment as a client would send it; a lone surrogate goes as its (invalid) UTF-8 bytes. */
function encodeSegment(value: string) {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** Paths outside the API document: the web app, media and the router's own edge cases. */
const EXTRA_PATHS = [
  '/%00',
  '/favicon.svg/x',
  `/${'a'.repeat(300)}`,
  '/media/public/%00',
  '/media/public/../../etc/passwd',
  '/media/..%2f..%2fdb',
  '/api/%E0%A4%A',
  '/api/course/getcourse/%00',
  '/assets/%00.js',
  '/viewcourse/%F0%9F%92%A9',
  '//api//course',
  `/api/course/getcourse/${'f'.repeat(5000)}`,
];

describe('fuzzing every route', async () => {
  const app = await buildTestApp({ AUTH_RATE_LIMIT_SCALE: '1000' });
  const educator = await createUser(app, { role: 'educator' });
  const learner = await createUser(app);
  const course = await createCourse(app, educator.id, {
    price: 499,
    lectures: [{ lectureTitle: 'Intro', isPreviewFree: true }, { lectureTitle: 'Deep dive' }],
  });
  const draft = await createCourse(app, educator.id, { isPublished: false });
  await enroll(app, learner.id, course.id);
  const ids = [course.id, draft.id, educator.id, learner.id, ...course.lectures.map((l) => l.id)];
  const cookies = {
    visitor: undefined,
    learner: await loginCookie(app, learner),
    educator: await loginCookie(app, educator),
  };
  const operations = operationsOf(app.swagger() as never);
  let requests = 0;

  it('finds the routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.some((op) => op.path.includes('{courseId}'))).toBe(true);
  });

  it('answers every fuzzed request without a 5xx', { timeout: 600_000 }, async () => {
    const request = fc
      .record({
        op: fc.constantFrom(...operations),
        who: fc.constantFrom<keyof typeof cookies>('visitor', 'learner', 'educator'),
      })
      .chain(({ op, who }) =>
        fc.record({
          op: fc.constant(op),
          who: fc.constant(who),
          params: fc.tuple(
            ...op.pathParams.map(() =>
              fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: hostileString }),
            ),
          ),
          query: fromSchema({ type: 'object', properties: op.query }, ids),
          body: op.body
            ? fc.oneof(
                { weight: 4, arbitrary: fromSchema(op.body, ids).map((json) => ({ json })) },
                { weight: 1, arbitrary: otherBody },
              )
            : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: otherBody }),
        }),
      );

    await fc.assert(
      fc.asyncProperty(request, async ({ op, who, params, query, body }) => {
        let url = op.path;
        op.pathParams.forEach((name, i) => {
          url = url.replace(`{${name}}`, encodeSegment(String(params[i])));
        });
        const qs = new URLSearchParams();
        for (const [k, v] of Object.entries((query as Record<string, unknown>) ?? {})) {
          qs.set(k, typeof v === 'string' ? v : JSON.stringify(v));
        }
        const headers: Record<string, string> = { origin: 'http://localhost:80', host: 'localhost:80' };
        if (cookies[who]) headers.cookie = cookies[who] as string;
        const hasBody = op.method !== 'GET' && op.method !== 'HEAD' && body !== undefined;
        let payload: string | undefined;
        if (hasBody && 'json' in body) {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(body.json) ?? 'null';
        } else if (hasBody && 'type' in body) {
          headers['content-type'] = body.type;
          payload = body.payload;
        }
        requests++;
        const res = await app.inject({
          method: op.method as 'GET',
          url: qs.size ? `${url}?${qs}` : url,
          headers,
          payload,
        });
        if (res.statusCode >= 500) {
          throw new Error(
            `${op.method} ${url} as ${who} → ${res.statusCode} ${res.body.slice(0, 300)}\nbody: ${payload?.slice(0, 300)}`,
          );
        }
      }),
      // About 120 requests per route (seconds on an idle machine); the seed is printed on failure, so a failure replays.
      { numRuns: operations.length * 120, endOnFailure: true },
    );

    for (const url of EXTRA_PATHS) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        requests++;
        const res = await app.inject({ method, url, headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
    console.log(`fuzz: ${requests} requests over ${operations.length} routes, no 5xx`);
  });
});
