// Bundles the server into dist/server.js (workspace packages inlined, npm packages external)
// and copies the SQL migrations beside it.
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dir = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
const contracts = JSON.parse(await readFile(path.join(dir, '../../packages/contracts/package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...contracts.dependencies }).filter(
  (name) => !name.startsWith('@kaksha/'),
);

await rm(path.join(dir, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(dir, 'src/bootstrap/server.ts')],
  outfile: path.join(dir, 'dist/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
await cp(path.join(dir, 'src/core/db/migrations'), path.join(dir, 'dist/migrations'), { recursive: true });
await cp(path.join(dir, 'src/modules/search/engine/assets'), path.join(dir, 'dist/search-assets'), { recursive: true });
console.log('server built: apps/server/dist/server.js');
