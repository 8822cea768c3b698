import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './redis-server.ts';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bootstrap/server.ts');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The real server (`node --import tsx src/bootstrap/server.ts`, no build needed) as a child
 * process with exactly `env` (plus PATH), on loopback.
 */
export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // With DATABASE_URL the server needs it to start (payout accounts, issue #31); instances share it.
      DATA_ENCRYPTION_KEY: 'test-data-encryption-key-0123456789abcdef',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return {
    child,
    url: `http://127.0.0.1:${env.PORT}`,
    output: () => out,
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until the server answers `/api/health` (fails early if it exits). */
export async function untilUp(server: ServerProcess, timeoutMs = 240_000) {
  let ended = false;
  void server.exited.then(() => {
    ended = true;
  });
  await waitFor(
    async () => {
      if (ended) throw new Error(`server exited before it was up:\n${server.output()}`);
      try {
        return (await fetch(`${server.url}/api/health`)).ok;
      } catch {
        return false;
      }
    },
    timeoutMs,
    `server at ${server.url}`,
  );
}
