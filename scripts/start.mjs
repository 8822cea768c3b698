#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function buildIfStale(name, workspace, output, sources) {
  const out = path.join(root, output);
  const built = existsSync(out) ? statSync(out).mtimeMs : 0;
  if (built > Math.max(...sources.map((s) => newest(path.join(root, s))))) return;
  console.log(`Building ${name}…`);
  const res = spawnSync('npm', ['run', 'build', '--workspace', workspace], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

buildIfStale('the web app', 'apps/web', 'apps/web/dist/index.html', ['apps/web', 'packages/contracts']);
buildIfStale('the server', 'apps/server', 'apps/server/dist/server.js', ['apps/server/src', 'packages/contracts']);

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  // The local demo runs the payment sandbox on purpose; a production deploy must choose (config.ts).
  env: { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
