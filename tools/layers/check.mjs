// `npm run lint:layers` (part of `npm run lint`): the one-way layers of ADR 0009, checked three ways.
//   1. the tree: every rule of .dependency-cruiser.cjs over apps/server, apps/web and packages/contracts;
//   2. the fixture (tools/layers/fixture): the same rules must report exactly the violations listed below,
//      so a rule that stops biting, or a parser that stops seeing type-only imports, fails too;
//   3. ADR 0009's table of module edges must be the one the tree has (`-- --edges` rewrites it).
// Exits 1 when any of the three fails.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Before dependency-cruiser is imported (below): it must find tools/layers' TypeScript.
import './use-typescript.mjs';
import { ADR, moduleEdges, renderEdges, replaceEdges } from './edges.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
process.chdir(repo);
const require = createRequire(import.meta.url);
const { cruise, format, getAvailableTranspilers } = await import('dependency-cruiser');
const { default: extractTSConfig } = await import('dependency-cruiser/config-utl/extract-ts-config');
const { layers } = require(path.join(repo, '.dependency-cruiser.cjs'));

const FIXTURE = 'tools/layers/fixture/';
const TREE = ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'];

/** What the fixture must be rejected with: rule, importing file, imported file (under FIXTURE). */
const EXPECTED = [
  ['apps-apart', 'apps/server/src/modules/search/search.service.ts', 'apps/web/src/lib/format.ts'],
  ['contracts-no-cycles', 'packages/contracts/src/courses.ts', 'packages/contracts/src/index.ts'],
  ['contracts-stand-alone', 'packages/contracts/src/index.ts', 'apps/web/src/lib/format.ts'],
  ['server-app-below-bootstrap', 'apps/server/src/app.ts', 'apps/server/src/bootstrap/server.ts'],
  ['server-app-uses-module-faces', 'apps/server/src/app.ts', 'apps/server/src/modules/courses/courses.queries.ts'],
  [
    'server-bootstrap-uses-module-services',
    'apps/server/src/bootstrap/seed.ts',
    'apps/server/src/modules/search/search.index.ts',
  ],
  ['server-core-is-the-floor', 'apps/server/src/core/db.ts', 'apps/server/src/modules/courses/courses.service.ts'],
  [
    'server-module-through-service',
    'apps/server/src/modules/lectures/lectures.service.ts',
    'apps/server/src/modules/courses/courses.queries.ts',
  ],
  [
    'server-module-through-service',
    'apps/server/src/modules/lectures/lectures.service.ts',
    'apps/server/src/modules/courses/enrolments.service.ts',
  ],
  ['server-modules-below-app', 'apps/server/src/modules/lectures/lectures.service.ts', 'apps/server/src/app.ts'],
  ['server-no-cycles', 'apps/server/src/core/storage.ts', 'apps/server/src/core/storage/s3.ts'],
  ['server-tests-not-shipped', 'apps/server/src/modules/search/search.service.ts', 'apps/server/src/test/clock.ts'],
  ['web-feature-public-face', 'apps/web/src/app/routes.tsx', 'apps/web/src/features/cart/CartButton.tsx'],
  ['web-features-below-app', 'apps/web/src/lib/format.ts', 'apps/web/src/app/routes.tsx'],
  ['web-features-independent', 'apps/web/src/features/catalog/CatalogPage.tsx', 'apps/web/src/features/cart/index.ts'],
  ['web-no-cycles', 'apps/web/src/lib/query-client.ts', 'apps/web/src/lib/query-keys.ts'],
  ['web-ui-no-domain', 'apps/web/src/lib/format.ts', 'apps/web/src/features/catalog/index.ts'],
];

const typescript = getAvailableTranspilers().find((t) => t.name === 'typescript');
if (!typescript?.available) {
  console.error(
    `layers: dependency-cruiser found no usable TypeScript (${typescript?.currentVersion}); see use-typescript.mjs`,
  );
  process.exit(1);
}

const tsConfig = extractTSConfig('tsconfig.layers.json');

/** Cruises `files` with the rules for the tree under `root`; the result as dependency-cruiser's JSON. */
async function run(files, root) {
  const { forbidden, options } = layers(root);
  const cruiseOptions = { ...structuredClone(options), ruleSet: { forbidden }, validate: true, outputType: 'json' };
  const { output } = await cruise(files, cruiseOptions, {}, { tsConfig });
  return typeof output === 'string' ? JSON.parse(output) : output;
}

let failed = false;
const fail = (line) => {
  failed = true;
  console.error(line);
};

// 1. The tree.
const tree = await run(TREE, '');
const { summary } = tree;
if (summary.error + summary.warn > 0) {
  fail((await format(tree, { outputType: 'err' })).output.trimEnd());
} else {
  console.log(
    `layers: the tree ✔ no violations (${summary.totalCruised} modules, ${summary.totalDependenciesCruised} dependencies, parsed by ${typescript.currentVersion})`,
  );
}

// 2. The fixture.
const fixture = await run([FIXTURE], FIXTURE);
const strip = (file) => (file.startsWith(FIXTURE) ? file.slice(FIXTURE.length) : file);
const key = (v) => v.join(' : ');
const found = [...new Set(fixture.summary.violations.map((v) => key([v.rule.name, strip(v.from), strip(v.to)])))];
const expected = EXPECTED.map(key);
const missing = expected.filter((v) => !found.includes(v));
const extra = found.filter((v) => !expected.includes(v));
const unbroken = layers('')
  .forbidden.map((r) => r.name)
  .filter((name) => !EXPECTED.some(([rule]) => rule === name));
if (missing.length || extra.length || unbroken.length) {
  fail(`layers: the fixture (${FIXTURE}) was not rejected as expected`);
  for (const v of missing) fail(`  not reported: ${v}`);
  for (const v of extra) fail(`  unexpected:   ${v}`);
  for (const name of unbroken) fail(`  no violation of ${name} in the fixture: add one (and its line above)`);
} else {
  const rules = new Set(EXPECTED.map(([rule]) => rule)).size;
  console.log(`layers: the fixture ✔ rejected with its ${expected.length} violations, of all ${rules} rules`);
}

// 3. ADR 0009's module edges.
const adr = await readFile(ADR, 'utf8');
const edges = moduleEdges(tree);
const table = renderEdges(edges, tree);
const updated = replaceEdges(adr, table);
if (process.argv.includes('--edges')) {
  if (updated !== adr) await writeFile(ADR, updated);
  console.log(`layers: ${ADR} ${updated === adr ? 'already had' : 'now has'} the tree's ${edges.length} module edges`);
} else if (updated !== adr) {
  fail(`layers: ${ADR}'s table of module edges differs from the tree's; run \`npm run lint:layers -- --edges\``);
  // Rows compared without their padding, which a longer cell changes in every row.
  const rows = (text) =>
    new Set(
      text
        .split('\n')
        .filter((l) => l.startsWith('|') && !l.startsWith('| -'))
        .map((l) => l.replace(/ +/g, ' ')),
    );
  const before = rows(adr);
  const after = rows(updated);
  for (const row of before) if (!after.has(row)) fail(`  - ${row}`);
  for (const row of after) if (!before.has(row)) fail(`  + ${row}`);
} else {
  console.log(`layers: ${ADR} ✔ lists the tree's ${edges.length} module edges`);
}

process.exit(failed ? 1 : 0);
