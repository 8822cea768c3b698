// Gives dependency-cruiser this folder's TypeScript 6 (see package.json) instead of the repo's TypeScript 7.
//
// dependency-cruiser parses .ts/.tsx with the TypeScript compiler API, which it finds with a bare
// `import('typescript')` (and `require('typescript/package.json')` for a version check, >=2 <7) from its
// own folder: that finds the root node_modules/typescript, TypeScript 7, which has no such API. It then
// falls back to parsers that drop or misread `import type`, so type-only imports went unseen. An
// aliased package (`npm:typescript@6`) is not found under another name, and npm cannot nest a second
// `typescript` under dependency-cruiser, so this module points dependency-cruiser's own lookups of
// `typescript` at tools/layers/node_modules/typescript: an ESM resolve hook for the import and a CJS
// resolve hook for the require. Nothing else in the process sees the change. Import it before
// dependency-cruiser; `node --import ./tools/layers/use-typescript.mjs node_modules/.bin/depcruise …`
// works as well.
import Module, { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const targets = {
  typescript: require.resolve('typescript'),
  'typescript/package.json': require.resolve('typescript/package.json'),
};
const typescriptVersion = require('typescript/package.json').version;

const fromCruiser = (file) => typeof file === 'string' && file.includes('/node_modules/dependency-cruiser/');

register('./typescript-resolve-hook.mjs', import.meta.url, {
  data: Object.fromEntries(Object.entries(targets).map(([name, file]) => [name, pathToFileURL(file).href])),
});

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveTypeScriptForCruiser(request, parent, ...rest) {
  if (Object.hasOwn(targets, request) && fromCruiser(parent?.filename)) return targets[request];
  return resolveFilename.call(this, request, parent, ...rest);
};

// .dependency-cruiser.cjs refuses to run without this: a silent fallback parser would miss type-only imports.
globalThis[Symbol.for('kaksha.layers.typescript')] = typescriptVersion;
