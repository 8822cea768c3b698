import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitFor } from '../test/redis-server.ts';
import { type ServerProcess, startServer, untilUp } from '../test/server-process.ts';

/** Whether a new TCP connection to the port is refused (the server stopped listening). */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

describe('graceful shutdown of the real server process', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';
  afterAll(async () => {
    await server?.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM stops accepting, finishes the requests it has received, then exits 0', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-shutdown-'));
    const port = await freePort();
    server = startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      WEB_DIST: path.join(dataDir, 'no-web'),
      // Debug: the request's "incoming request" line tells that it reached the server.
      LOG_LEVEL: 'debug',
    });
    await untilUp(server, 240_000);

    // A request in flight: its headers and half its body are in, the rest comes after SIGTERM.
    const body = JSON.stringify({ email: 'learner@example.com' });
    const socket: Socket = connect(port, '127.0.0.1');
    let answers = '';
    socket.on('data', (d) => {
      answers += d.toString();
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /api/auth/sendotp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await waitFor(
      () => server!.output().includes('"url":"/api/auth/sendotp"'),
      60_000,
      'the request to reach the server',
    );

    server.child.kill('SIGTERM');
    await waitFor(() => refused(port), 30_000, 'new connections to be refused');

    // The rest of the body, and a second request already sent behind it on the same connection.
    socket.write(`${body.slice(10)}GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await closed;
    // (The second answer follows the first body directly.)
    const statuses = [...answers.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([200, 200]);
    expect(answers).toContain('we have sent a 4-digit code');
    expect(answers).toContain('{"status":"ok"}');
    expect(await server.exited).toBe(0);
  }, 400_000);
});
