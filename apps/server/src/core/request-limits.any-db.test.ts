import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, loginCookie } from '../test/app.ts';
import { MULTIPART_MAX_BYTES } from './request-limits.ts';

/** What a raw connection got back before the server closed it. */
interface Exchange {
  text: string;
  bytesSent: number;
}

/**
 * Opens a raw TCP connection, sends `head`, then feeds `next()` (null: stop sending) whenever
 * the socket can take more, at most once per `everyMs`; resolves when the server closes it.
 */
function rawExchange(port: number, head: string, next?: () => Buffer | null, everyMs = 0): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let text = '';
    let bytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    const feed = () => {
      timer = undefined;
      if (!next || socket.destroyed || socket.writableEnded) return;
      const chunk = next();
      if (!chunk) return;
      bytesSent += chunk.length;
      const more = socket.write(chunk);
      if (everyMs > 0) timer = setTimeout(feed, everyMs);
      else if (more) setImmediate(feed);
      else socket.once('drain', feed);
    };
    socket.on('connect', () => {
      socket.write(head);
      feed();
    });
    socket.on('data', (d) => {
      text += d.toString('latin1');
    });
    // A reset after the answer is fine: the server stopped reading what we still sent.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      if (timer) clearTimeout(timer);
      resolve({ text, bytesSent });
    });
  });
}

const status = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
const jsonBody = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { message: string };

describe('slow and endless request bodies', async () => {
  const app = await buildTestApp({
    REQUEST_TIMEOUT_MS: '600',
    BODY_TIMEOUT_MS: '600',
    BODY_MIN_BYTES_PER_SEC: '2048',
    BODY_IDLE_TIMEOUT_MS: '600',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const cookie = await loginCookie(app, await createUser(app));
  afterAll(() => app.server.closeAllConnections());

  it('cuts off a client that never finishes its headers (408)', async () => {
    const { text } = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: kaksha\r\nX-Slow: ');
    expect(status(text)).toBe(408);
  });

  it('answers 408 with a message to a JSON body that stops arriving, and closes', async () => {
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: kaksha\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":';
    const { text } = await rawExchange(port, head);
    expect(status(text)).toBe(408);
    expect(text).toMatch(/connection: close/i);
    expect(jsonBody(text).message).toBe('The request took too long to arrive; please try again');
  });

  it('cuts off an upload dribbled a byte at a time, whatever it declares', async () => {
    const boundary = 'slowloris';
    const head =
      `POST /api/user/updateprofile HTTP/1.1\r\nHost: kaksha\r\nCookie: ${cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 4000\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n`;
    const { text } = await rawExchange(port, head, () => Buffer.from('a'), 20);
    expect(status(text)).toBe(408);
    expect(jsonBody(text).message).toMatch(/too long/);
  });

  it('cuts off an upload that sends a fast burst and then goes silent, within the idle limit (408)', async () => {
    const boundary = 'burst';
    const head =
      `POST /api/user/updateprofile HTTP/1.1\r\nHost: kaksha\r\nCookie: ${cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${4 * 1024 * 1024}\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="photoUrl"; filename="a.png"\r\n` +
      'Content-Type: image/png\r\n\r\n';
    // 512 KiB at 2 KiB/s earns 256 s of credit: only the idle limit (600 ms) can end this quickly.
    let burst: Buffer | null = Buffer.alloc(512 * 1024, 'x');
    const started = Date.now();
    const { text } = await rawExchange(port, head, () => {
      const chunk = burst;
      burst = null;
      return chunk;
    });
    expect(status(text)).toBe(408);
    expect(jsonBody(text).message).toMatch(/too long/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a multipart body larger than the form allows before reading it', async () => {
    const head =
      `POST /api/user/updateprofile HTTP/1.1\r\nHost: kaksha\r\nCookie: ${cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=nothing\r\nContent-Length: ${600 * 1024 * 1024}\r\n\r\n`;
    const junk = Buffer.alloc(64 * 1024, 'x');
    const { text, bytesSent } = await rawExchange(port, head, () => junk);
    expect(status(text)).toBe(413);
    expect(jsonBody(text).message).toBe('The upload is too large');
    expect(bytesSent).toBeLessThan(600 * 1024 * 1024);
  });

  it('stops a streamed multipart body that never names a part at the size limit', async () => {
    const head =
      `POST /api/user/updateprofile HTTP/1.1\r\nHost: kaksha\r\nCookie: ${cookie}\r\n` +
      'Content-Type: multipart/form-data; boundary=nothing\r\nTransfer-Encoding: chunked\r\n\r\n';
    const junk = Buffer.from(`10000\r\n${'x'.repeat(0x10000)}\r\n`);
    const limit = 600 * 1024 * 1024;
    let sent = 0;
    const { text, bytesSent } = await rawExchange(port, head, () => {
      sent += junk.length;
      return sent > limit ? null : junk;
    });
    expect(status(text)).toBe(413);
    // The server closed the connection before the client got through its 600 MB. (How far past the
    // form's limit it got depends on the machine: the server drops input for a second while closing.)
    expect(bytesSent).toBeLessThan(limit);
  });

  it('closes the connection when it answers before reading the body, rather than reading it all', async () => {
    const head =
      'POST /api/user/updateprofile HTTP/1.1\r\nHost: kaksha\r\n' +
      `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${MULTIPART_MAX_BYTES - 1}\r\n\r\n`;
    const junk = Buffer.alloc(64 * 1024, 'x');
    let left = MULTIPART_MAX_BYTES - 1;
    // Kept open (keep-alive) after reading everything, this would not resolve: the server closes it.
    const { text } = await rawExchange(port, head, () => {
      if (left <= 0) return null;
      const chunk = junk.subarray(0, Math.min(left, junk.length));
      left -= chunk.length;
      return chunk;
    });
    expect(status(text)).toBe(401);
    expect(text).toMatch(/connection: close/i);
  });
});
