import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    dataDir: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/**
 * Builds the production app once, then starts it on a free port with a temporary DATA_DIR
 * and demo content, plus a real SMTP server whose messages the tests read from `mailDir`.
 */
export default async function setup(project: TestProject) {
  for (const workspace of ['apps/web', 'apps/server']) {
    const res = spawnSync('npm', ['run', 'build', '--workspace', workspace], { cwd: root, stdio: 'inherit' });
    if (res.status !== 0) throw new Error(`building ${workspace} failed`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-e2e-'));
  const mailDir = path.join(dataDir, 'received-mail');
  await mkdir(mailDir, { recursive: true });

  let mailCount = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? 'unknown';
          const file = path.join(mailDir, `${Date.now()}-${++mailCount}.json`);
          await writeFile(file, JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html }));
          callback();
        })
        .catch(callback);
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const teardown = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await new Promise<void>((r) => smtp.close(() => r()));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(server, baseUrl);
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('dataDir', dataDir);

  return teardown;
}

async function waitUntilReady(server: ChildProcess, baseUrl: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error('the server did not become ready within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}
