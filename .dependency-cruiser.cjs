// One-way layers (docs/decisions/0009-one-way-layers.md). `npm run lint:layers` (tools/layers/check.mjs,
// part of `npm run lint`) runs these rules over the tree, and over tools/layers/fixture, which must break each.
if (!globalThis[Symbol.for('kaksha.layers.typescript')]) {
  throw new Error(
    'Run the layer check with `npm run lint:layers`, or `node --import ./tools/layers/use-typescript.mjs ' +
      'node_modules/.bin/depcruise …`: dependency-cruiser needs a TypeScript with a compiler API to see ' +
      'type-only imports, and would otherwise fall back silently to a parser that misses them.',
  );
}

/** The rules for the tree under `root` ('' for the repo, 'tools/layers/fixture/' for the fixture). */
function layers(root = '') {
  const at = root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const server = `${at}apps/server/src`;
  const web = `${at}apps/web/src`;
  const contracts = `${at}packages/contracts/src`;
  const notTests = '(\\.test\\.tsx?$|/test/|test-helpers\\.ts$)';
  // `\1` is a backreference: the file named after its own module folder. dependency-cruiser joins a
  // pathNot list into one expression, so each pattern with a group is the last of its list.
  const moduleService = `^${server}/modules/([^/]+)/\\1\\.service\\.ts$`;
  const moduleFace = `^${server}/modules/([^/]+)/\\1\\.(routes|service)\\.ts$`;
  // A cycle is two or more files; a file naming its own type (`typeof import('./self')`) is none.
  const cycles = (area, comment) => ({
    name: `${area}-no-cycles`,
    comment,
    severity: 'error',
    from: { path: `^(${{ server, web, contracts }[area]}/.+)$`, pathNot: notTests },
    to: { circular: true, pathNot: '^$1$' },
  });

  return {
    forbidden: [
      {
        name: 'server-core-is-the-floor',
        comment:
          'core/ (config, db, sessions, storage, mail, limits, errors) knows nothing of features, app.ts or start-up.',
        severity: 'error',
        from: { path: `^${server}/core/`, pathNot: notTests },
        to: { path: `^${server}/(modules|bootstrap)/|^${server}/app\\.ts$` },
      },
      {
        name: 'server-modules-below-app',
        comment: 'Feature modules are composed by app.ts and started by bootstrap/; they never import either.',
        severity: 'error',
        from: { path: `^${server}/modules/`, pathNot: notTests },
        to: { path: `^${server}/bootstrap/|^${server}/app\\.ts$` },
      },
      {
        name: 'server-app-below-bootstrap',
        severity: 'error',
        from: { path: `^${server}/app\\.ts$` },
        to: { path: `^${server}/bootstrap/` },
      },
      {
        name: 'server-module-through-service',
        comment:
          "A module uses another module only through that module's modules/<name>/<name>.service.ts (its public face).",
        severity: 'error',
        from: { path: `^${server}/modules/([^/]+)/`, pathNot: notTests },
        to: { path: `^${server}/modules/`, pathNot: [`^${server}/modules/$1/`, moduleService] },
      },
      {
        name: 'server-app-uses-module-faces',
        comment:
          "app.ts registers each module's routes plugin (<name>.routes.ts) and hands other plugins what a module's " +
          'service exports (<name>.service.ts); it never reaches further into a module.',
        severity: 'error',
        from: { path: `^${server}/app\\.ts$` },
        to: { path: `^${server}/modules/`, pathNot: moduleFace },
      },
      {
        name: 'server-bootstrap-uses-module-services',
        comment: 'Start-up, seeding and tools use a module only through its <name>.service.ts.',
        severity: 'error',
        from: { path: `^${server}/bootstrap/`, pathNot: notTests },
        to: { path: `^${server}/modules/`, pathNot: moduleService },
      },
      {
        name: 'server-tests-not-shipped',
        severity: 'error',
        from: { path: `^${server}/`, pathNot: notTests },
        to: { path: notTests },
      },
      {
        name: 'contracts-stand-alone',
        comment: 'packages/contracts is shared by server and web and depends on neither.',
        severity: 'error',
        from: { path: `^${at}packages/contracts/` },
        to: { path: `^${at}apps/` },
      },
      {
        name: 'apps-apart',
        severity: 'error',
        from: { path: `^${at}apps/(server|web)/` },
        to: { path: `^${at}apps/`, pathNot: `^${at}apps/$1/` },
      },
      {
        name: 'web-features-independent',
        comment: 'Features never import each other; route pages in app/routes compose them.',
        severity: 'error',
        from: { path: `^${web}/features/([^/]+)/` },
        to: { path: `^${web}/features/`, pathNot: `^${web}/features/$1/` },
      },
      {
        name: 'web-feature-public-face',
        comment: 'Outside a feature, only its index.ts is imported.',
        severity: 'error',
        from: { path: `^${web}/`, pathNot: `^${web}/features/` },
        to: { path: `^${web}/features/[^/]+/`, pathNot: `^${web}/features/[^/]+/index\\.tsx?$` },
      },
      {
        name: 'web-features-below-app',
        severity: 'error',
        from: { path: `^${web}/(features|components|lib)/` },
        to: { path: `^${web}/app/` },
      },
      {
        name: 'web-ui-no-domain',
        comment: 'components/ui is the design system: no features, no app code.',
        severity: 'error',
        from: { path: `^${web}/(components|lib)/` },
        to: { path: `^${web}/features/` },
      },
      cycles('server', 'No import cycle in the server, type-only imports included (tests excepted).'),
      cycles('web', 'No import cycle in the web app, type-only imports included (tests excepted).'),
      cycles('contracts', 'No import cycle in the contracts.'),
    ],
    options: {
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '(^|/)(dist|node_modules|seed-media)/' },
      // TypeScript's own parser (tools/layers' TypeScript 6, see use-typescript.mjs), reading the sources
      // before compilation: `import type` and `typeof import()` are dependencies too.
      parser: 'tsc',
      tsPreCompilationDeps: true,
      // tsconfig.layers.json: the base settings plus the web app's '@/…' paths.
      tsConfig: { fileName: 'tsconfig.layers.json' },
      enhancedResolveOptions: {
        exportsFields: ['exports'],
        conditionNames: ['import', 'require', 'node', 'default'],
        extensions: ['.ts', '.tsx', '.js', '.mjs'],
      },
    },
  };
}

module.exports = layers();
// Not enumerable, so dependency-cruiser's CLI, which copies the configuration, never sees a function.
Object.defineProperty(module.exports, 'layers', { value: layers });
