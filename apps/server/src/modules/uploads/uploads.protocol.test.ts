import { ERRORS } from '@tus/server';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { toTusError } from './uploads.service.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };
const OCTETS = { 'content-type': 'application/offset+octet-stream' };

/**
 * tus requests the server cannot or will not serve (an extension it does not offer, a malformed
 * header, a wrong body type or protocol version) are the client's mistake: a 4xx with a
 * `{message, id}` that says what is wrong, never a 500, and nothing logged as a server error.
 */
describe('malformed or unsupported tus requests', async () => {
  const lines: { level: number; msg: string }[] = [];
  const app = await buildTestApp(
    {},
    { logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } },
  );
  const creator = await createUser(app, { role: 'educator' });
  const cookie = await loginCookie(app, creator);
  const course = await createCourse(app, creator.id, { lectures: [{ lectureTitle: 'One' }] });
  const meta = `lectureId ${b64(course.lectures[0].id)},filename ${b64('clip.mp4')}`;
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const call = (method: string, url: string, headers: Record<string, string>, body?: Uint8Array) =>
    fetch(new URL(url, base), { method, headers: { cookie, ...headers }, body });
  /** A fresh upload of `length` bytes, its URL. */
  const created = async (length = 100) => {
    const res = await call('POST', '/api/uploads/', {
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': meta,
    });
    expect(res.status).toBe(201);
    return res.headers.get('location') as string;
  };
  const serverErrors = () => lines.filter((l) => l.level >= 50);

  /** The answer is a 4xx with the API's JSON error body and a sentence in it. */
  async function refused(res: Response, status: number, message: RegExp) {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    expect(res.headers.get('content-type'), text).toMatch(/^application\/json/);
    const body = JSON.parse(text) as { message: string; id: string };
    expect(body.message).toMatch(message);
    expect(body.id).toBeTruthy();
    return body;
  }

  it('Upload-Defer-Length (creation-defer-length is not offered): 400 naming what is, not 500', async () => {
    const res = await call('POST', '/api/uploads/', { ...TUS, 'upload-defer-length': '1', 'upload-metadata': meta });
    await refused(res, 400, /Upload-Length/);
    expect(res.headers.get('tus-extension')).toBe('creation,creation-with-upload,termination');
    // Both lengths at once, or a malformed defer header, are refused the same way.
    const both = await call('POST', '/api/uploads/', {
      ...TUS,
      'upload-length': '100',
      'upload-defer-length': '1',
      'upload-metadata': meta,
    });
    await refused(both, 400, /Upload-Length/);
    const odd = await call('POST', '/api/uploads/', { ...TUS, 'upload-defer-length': '2', 'upload-metadata': meta });
    await refused(odd, 400, /Upload-Length/);
    // Declaring the length later, on a PATCH, is the same extension.
    const url = await created();
    const late = await call('PATCH', url, { ...TUS, ...OCTETS, 'upload-offset': '0', 'upload-length': '100' });
    await refused(late, 400, /length/i);
    expect(late.headers.get('tus-extension')).toBe('creation,creation-with-upload,termination');
  });

  it('Upload-Concat (concatenation is not offered): 400, not 501 or 500', async () => {
    const res = await call('POST', '/api/uploads/', {
      ...TUS,
      'upload-length': '100',
      'upload-concat': 'partial',
      'upload-metadata': meta,
    });
    await refused(res, 400, /parallel|concatenat/i);
    expect(res.headers.get('tus-extension')).toBe('creation,creation-with-upload,termination');
  });

  it('a missing or malformed Upload-Length: 400 saying so', async () => {
    for (const length of ['abc', '-1', '1.5', '99999999999999999999', '']) {
      const res = await call('POST', '/api/uploads/', { ...TUS, 'upload-length': length, 'upload-metadata': meta });
      await refused(res, 400, /Upload-Length/);
    }
    const none = await call('POST', '/api/uploads/', { ...TUS, 'upload-metadata': meta });
    await refused(none, 400, /Upload-Length/);
  });

  it('malformed Upload-Metadata: 400 saying how it must look', async () => {
    for (const bad of ['lectureId', 'lectureId !!!', `lectureId ${b64('a')},lectureId ${b64('b')}`, ' , ']) {
      const res = await call('POST', '/api/uploads/', { ...TUS, 'upload-length': '100', 'upload-metadata': bad });
      await refused(res, 400, /Upload-Metadata/);
    }
  });

  it('PATCH with a missing, malformed or wrong Upload-Offset: 400 or 409, never 403 or 500', async () => {
    const url = await created();
    await refused(await call('PATCH', url, { ...TUS, ...OCTETS }, new Uint8Array(10)), 400, /Upload-Offset/);
    for (const offset of ['x', '-5', '1e3']) {
      const res = await call('PATCH', url, { ...TUS, ...OCTETS, 'upload-offset': offset }, new Uint8Array(10));
      await refused(res, 400, /Upload-Offset/);
    }
    const ahead = await call('PATCH', url, { ...TUS, ...OCTETS, 'upload-offset': '50' }, new Uint8Array(10));
    await refused(ahead, 409, /resume/);
  });

  it('PATCH with another Content-Type (or none): 415 naming the one tus uses', async () => {
    const url = await created();
    for (const type of ['application/json', 'text/plain', 'application/octet-stream']) {
      const res = await call('PATCH', url, { ...TUS, 'content-type': type, 'upload-offset': '0' }, new Uint8Array(10));
      await refused(res, 415, /application\/offset\+octet-stream/);
    }
    const none = await call('PATCH', url, { ...TUS, 'upload-offset': '0' }, new Uint8Array(10));
    await refused(none, 415, /application\/offset\+octet-stream/);
    // Nothing was written by any of them.
    const head = await call('HEAD', url, TUS);
    expect(head.headers.get('upload-offset')).toBe('0');
  });

  it('an unknown Tus-Resumable version, or none: 412 with the version we speak', async () => {
    const url = await created();
    for (const version of ['0.2.2', '2.0.0', 'x']) {
      const post = await call('POST', '/api/uploads/', {
        'tus-resumable': version,
        'upload-length': '100',
        'upload-metadata': meta,
      });
      await refused(post, 412, /1\.0\.0/);
      expect(post.headers.get('tus-version')).toBe('1.0.0');
      const head = await call('HEAD', url, { 'tus-resumable': version });
      expect(head.status).toBe(412);
      expect(head.headers.get('tus-version')).toBe('1.0.0');
    }
    const none = await call('PATCH', url, { ...OCTETS, 'upload-offset': '0' }, new Uint8Array(10));
    await refused(none, 412, /Tus-Resumable/);
  });

  it('none of the above was logged as a server error', () => {
    expect(serverErrors()).toEqual([]);
  });
});

describe('the tus server’s own refusals, as answered', () => {
  it('an unsupported extension is the client’s mistake (400), a held lock is 423 (clients retry), a write failure stays 500', () => {
    const too = 'Videos must be 2 GB or smaller';
    for (const unsupported of [
      ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION,
      ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION,
      ERRORS.UNSUPPORTED_EXPIRATION_EXTENSION,
    ]) {
      expect(toTusError(unsupported, too)?.status_code).toBe(400);
    }
    expect(toTusError(ERRORS.ERR_LOCK_TIMEOUT, too)).toMatchObject({ status_code: 423 });
    expect(toTusError(ERRORS.MISSING_OFFSET, too)?.status_code).toBe(400);
    expect(toTusError(ERRORS.INVALID_CONTENT_TYPE, too)?.status_code).toBe(415);
    expect(toTusError(ERRORS.FILE_WRITE_ERROR, too)?.status_code).toBe(500);
  });
});
