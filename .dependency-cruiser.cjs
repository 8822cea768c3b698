// One-way layers (docs/decisions/0009-one-way-layers.md). `npm run lint` runs this; a violation fails the build.
const server = 'apps/server/src';
const web = 'apps/web/src';
const notTests = '(\\.test\\.tsx?$|/test/|test-helpers\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
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
      comment: "A module uses another module only through that module's service (its public face).",
      severity: 'error',
      from: { path: `^${server}/modules/([^/]+)/`, pathNot: notTests },
      to: {
        path: `^${server}/modules/[^/]+/`,
        pathNot: [`^${server}/modules/$1/`, `^${server}/modules/[^/]+/[^/]+\\.service\\.ts$`],
      },
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
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-apart',
      severity: 'error',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
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
    {
      name: 'no-cycles',
      severity: 'error',
      from: { pathNot: notTests },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|seed-media)/' },
    // TypeScript 7 has no JS compiler API for the checker, so Babel's TypeScript preset parses the sources.
    babelConfig: { fileName: 'babel.config.layers.json' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
