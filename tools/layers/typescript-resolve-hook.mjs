// ESM resolve hook registered by use-typescript.mjs (runs on the loader thread): dependency-cruiser's
// `import('typescript')` gets tools/layers' TypeScript 6; every other importer keeps its own resolution.
let targets = {};

export function initialize(data) {
  targets = data;
}

export function resolve(specifier, context, nextResolve) {
  if (Object.hasOwn(targets, specifier) && context.parentURL?.includes('/node_modules/dependency-cruiser/')) {
    return nextResolve(targets[specifier], context);
  }
  return nextResolve(specifier, context);
}
