import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';

/** A free loopback port (for a server this test starts itself). */
export async function freePort() {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** Polls `condition` until it holds (or fails after `timeoutMs`). */
export async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 15_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * This test's own redis-server on a free loopback port (never the shared one), with no
 * persistence; `stop()` kills exactly this process and `start()` brings it back on the same port.
 */
export async function ownRedis() {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
  const handle = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await waitFor(ping, 10_000, `redis-server on ${port}`);
    },
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      c.kill('SIGKILL');
      await once(c, 'exit');
    },
    ping,
  };
  return handle;
}
