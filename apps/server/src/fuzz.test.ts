import {
  addLectureResourceRequestSchema,
  ERROR_IDS,
  editCourseRequestSchema,
  editLectureRequestSchema,
  lectureCaptionsRequestSchema,
  updateProfileRequestSchema,
} from '@kaksha/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from './test/app.ts';

/**
 * Property-based fuzzing of every route: the routes and their schemas come from the app's own
 * OpenAPI document, so a new route is fuzzed without touching this file (forms with a file are
 * listed in FORMS). Each run sends one request — valid-ish values from the schema or hostile
 * ones, as JSON, as multipart form fields, in the query string and in the path — as a visitor,
 * a learner or an educator, and the server must never answer 5xx (but a 503 on purpose). Bounded by a number of runs,
 * not time: FUZZ_RUNS requests (default below: CI's fast stage; set a large number for a long
 * hunt), from the seed FUZZ_SEED when set (a failure prints the seed it ran with).
 */
const RUNS = integerFromEnv('FUZZ_RUNS', /^[1-9]\d*$/) ?? 1000;
/** fast-check's seeds may be negative. */
const SEED = integerFromEnv('FUZZ_SEED', /^-?\d+$/);

function integerFromEnv(name: string, pattern: RegExp) {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  if (!pattern.test(value)) throw new Error(`${name} must be a whole number, not ${JSON.stringify(value)}`);
  return Number(value);
}

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
  pattern?: string;
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
/**
 * Code units that databases, parsers and renderers trip on: NUL and the other C0 controls, DEL
 * and the C1 controls, lone surrogates (no valid UTF-8 exists for them), noncharacters, and
 * invisible or direction-changing marks.
 */
const char = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCharCode(c));
const nastyUnit = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: char(0x01, 0x1f) },
  char(0x7f, 0x9f),
  char(0xd800, 0xdfff),
  fc.constantFrom('\ufffe', '\uffff', '\ufdd0', '\ufdef', '\u{1fffe}', '\u{10ffff}'),
  fc.constantFrom('\ufeff', '\u200b', '\u202e', '\u2028', '\u00a0'),
);
/** Text of any graphemes, and text with one character in eight from the list above. */
const cleanText = (minLength = 0, maxLength = 40) => fc.string({ unit: 'grapheme', minLength, maxLength });
const textUnit = fc.oneof({ weight: 7, arbitrary: cleanText(1, 1) }, { weight: 1, arbitrary: nastyUnit });
const text = (minLength = 0, maxLength = 40) => fc.string({ unit: textUnit, minLength, maxLength });
/** A value that is valid but for one nasty character somewhere in it. */
const withNasty = (value: string) =>
  fc.tuple(fc.nat({ max: value.length }), nastyUnit).map(([at, unit]) => value.slice(0, at) + unit + value.slice(at));

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  text(),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31), Number.MAX_SAFE_INTEGER, 1e308),
  fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}')),
  fc.jsonValue({ maxDepth: 2 }),
);

/**
 * Valid-ish values for a JSON schema (what zod's transform put in the OpenAPI document). `name`
 * is the property's name: an e-mail field gets addresses, so the rest of its form can pass.
 */
function fromSchema(schema: JsonSchema | undefined, ids: string[], depth = 0, name = ''): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromSchema(s, ids, depth + 1, name)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], ids, depth + 1, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const base = (() => {
    switch (type) {
      case 'string': {
        if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
        const min = schema.minLength ?? 0;
        const max = Math.max(min, Math.min(schema.maxLength ?? 60, 200));
        const valid =
          schema.format === 'email' || /email/i.test(name)
            ? fc.stringMatching(/^[a-z0-9]{1,12}([.+-][a-z0-9]{1,6})?@[a-z0-9]{1,12}\.(com|in|org)$/)
            : schema.pattern
              ? fc.stringMatching(new RegExp(schema.pattern))
              : fc.oneof(cleanText(min, max), fc.constantFrom(...ids));
        // Mostly valid, so that one bad field is often the only one in its request.
        return fc.oneof(
          { weight: 5, arbitrary: valid },
          { weight: 3, arbitrary: valid.chain(withNasty) },
          { weight: 1, arbitrary: text(min, max) },
        );
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
        for (const [key, s] of Object.entries(props)) record[key] = fromSchema(s, ids, depth + 1, key);
        return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
      }
      default:
        return hostileValue;
    }
  })();
  // One value in sixteen ignores the schema altogether.
  return fc.oneof({ weight: 15, arbitrary: base }, { weight: 1, arbitrary: hostileValue });
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

/**
 * Forms with a file (multipart, or JSON without the file): their fields are read by
 * core/multipart-form.ts with these contract schemas, not by the route's schema, so the OpenAPI
 * document does not list them. 'finds the form routes' checks that this list is complete.
 */
const FORMS: Record<string, z.ZodType> = {
  'POST /api/user/updateprofile': updateProfileRequestSchema,
  'POST /api/course/editcourse/{courseId}': editCourseRequestSchema,
  'POST /api/course/editlecture/{lectureId}': editLectureRequestSchema,
  'POST /api/course/lecturecaptions/{lectureId}': lectureCaptionsRequestSchema,
  'POST /api/course/lectureresources/{lectureId}': addLectureResourceRequestSchema,
};

/**
 * A string's UTF-8 bytes as a careless client sends them: a lone surrogate goes as the three
 * bytes WTF-8 gives it, which are no valid UTF-8.
 */
function looseUtf8(value: string) {
  const parts: Buffer[] = [];
  for (const ch of value) {
    const c = ch.codePointAt(0) as number;
    parts.push(
      c >= 0xd800 && c <= 0xdfff
        ? Buffer.from([0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)])
        : Buffer.from(ch, 'utf8'),
    );
  }
  return Buffer.concat(parts);
}

/** Percent-encodes a path segment or query value byte by byte (lone surrogates included). */
function percentEncode(value: string) {
  let out = '';
  for (const byte of looseUtf8(value)) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * A multipart/form-data body of text fields (a list: one part per item), as a browser builds it;
 * a value that is no set of fields goes as one field.
 */
function multipartFields(fields: unknown) {
  const boundary = 'fuzzform';
  const parts: Buffer[] = [];
  const entries =
    fields && typeof fields === 'object' && !Array.isArray(fields) ? Object.entries(fields) : [['fuzz', fields]];
  for (const [name, value] of entries) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const textValue = typeof item === 'string' ? item : (JSON.stringify(item) ?? '');
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`));
      parts.push(looseUtf8(textValue), Buffer.from('\r\n'));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts) };
}

/**
 * A 5xx, except a 503 the app gives on purpose (a feature this server is not configured for): an
 * expected error, so its id is one of the API's own (the error handler answers a fault 500 internal).
 */
function isServerFault(res: { statusCode: number; json: () => { id?: string } }) {
  if (res.statusCode < 500) return false;
  if (res.statusCode !== 503) return true;
  try {
    return !(ERROR_IDS as readonly (string | undefined)[]).includes(res.json().id);
  } catch {
    return true;
  }
}

/** What a browser on the app's own page sends (the CSRF guard refuses any other origin). */
const SAME_SITE = { origin: 'http://localhost', host: 'localhost' };

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
  // A fresh session for each request: a fuzzed logout or password reset must not sign the rest out.
  const users = { visitor: null, learner, educator };
  const doc = app.swagger() as never;
  const operations = operationsOf(doc);
  const formBodies = new Map(
    Object.entries(FORMS).map(([route, schema]) => [
      route,
      z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
    ]),
  );
  let requests = 0;
  /** Answers to state-changing requests by status class: proof that requests get past the guards. */
  const writes: Record<number, number> = {};

  it('finds the routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.some((op) => op.path.includes('{courseId}'))).toBe(true);
  });

  it('finds the form routes', () => {
    const routes = new Set(operations.map((op) => `${op.method} ${op.path}`));
    for (const route of Object.keys(FORMS)) expect(routes, route).toContain(route);
    // Every route that documents a multipart form is fuzzed with its fields.
    const { paths } = doc as { paths: Record<string, Record<string, { description?: string }>> };
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (op.description?.includes('multipart/form-data'))
          expect(FORMS).toHaveProperty([`${method.toUpperCase()} ${path}`]);
      }
    }
  });

  it('answers every fuzzed request without a 5xx', { timeout: 600_000 }, async () => {
    const request = fc
      .record({
        op: fc.constantFrom(...operations),
        who: fc.constantFrom<keyof typeof users>('visitor', 'learner', 'educator'),
      })
      .chain(({ op, who }) => {
        const form = formBodies.get(`${op.method} ${op.path}`);
        return fc.record({
          op: fc.constant(op),
          who: fc.constant(who),
          params: fc.tuple(
            ...op.pathParams.map(() =>
              fc.oneof(
                { weight: 6, arbitrary: fc.constantFrom(...ids) },
                { weight: 1, arbitrary: fc.constantFrom(...ids).chain(withNasty) },
                { weight: 2, arbitrary: hostileString },
              ),
            ),
          ),
          query: fromSchema({ type: 'object', properties: op.query }, ids),
          body: form
            ? fc.oneof(
                { weight: 3, arbitrary: fromSchema(form, ids).map(multipartFields) },
                { weight: 1, arbitrary: fromSchema(form, ids).map((json) => ({ json })) },
                { weight: 1, arbitrary: otherBody },
              )
            : op.body
              ? fc.oneof(
                  { weight: 4, arbitrary: fromSchema(op.body, ids).map((json) => ({ json })) },
                  { weight: 1, arbitrary: otherBody },
                )
              : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: otherBody }),
        });
      });

    await fc.assert(
      fc.asyncProperty(request, async ({ op, who, params, query, body }) => {
        let url = op.path;
        op.pathParams.forEach((name, i) => {
          url = url.replace(`{${name}}`, percentEncode(String(params[i])));
        });
        const qs = Object.entries((query as Record<string, unknown>) ?? {})
          .flatMap(([k, v]) => (Array.isArray(v) ? v.map((item) => [k, item]) : [[k, v]]))
          .map(
            ([k, v]) => `${percentEncode(k)}=${percentEncode(typeof v === 'string' ? v : String(JSON.stringify(v)))}`,
          )
          .join('&');
        const headers: Record<string, string> = { ...SAME_SITE };
        const user = users[who];
        if (user) headers.cookie = await loginCookie(app, user);
        const hasBody = op.method !== 'GET' && op.method !== 'HEAD' && body !== undefined;
        let payload: string | Buffer | undefined;
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
          url: qs ? `${url}?${qs}` : url,
          headers,
          payload,
        });
        if (op.method !== 'GET' && op.method !== 'HEAD') {
          const status = Math.floor(res.statusCode / 100);
          writes[status] = (writes[status] ?? 0) + 1;
        }
        if (isServerFault(res)) {
          throw new Error(
            `${op.method} ${url}${qs ? `?${qs}` : ''} as ${who} → ${res.statusCode} ${res.body.slice(0, 300)}\n` +
              `body: ${JSON.stringify(payload?.toString().slice(0, 300))}`,
          );
        }
      }),
      // The seed is printed on failure: FUZZ_SEED=<seed> replays the same requests.
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );

    for (const url of EXTRA_PATHS) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        requests++;
        const res = await app.inject({ method, url, headers: SAME_SITE });
        expect(isServerFault(res), `${method} ${url} → ${res.statusCode}`).toBe(false);
      }
    }
    console.log(
      `fuzz: ${requests} requests over ${operations.length} routes, no server fault; writes by status`,
      writes,
    );
    // A fuzz that only meets the CSRF guard or the validator proves nothing about the handlers.
    expect(writes[2] ?? 0, 'state-changing requests that succeeded').toBeGreaterThan(RUNS / 200);
  });
});
