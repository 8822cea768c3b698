// npm run lint:sizes — the house's size rules (issue #26): no React component over 150 lines, no
// server function over 80, outside the files and functions listed in sizes.allow.json with the
// reason each may be longer (data, seeders, config tables). A module's route table (the
// `…Routes` function of a `*.routes.ts` file, which declares its routes) is not counted as one
// function; each handler in it is.
// Parses with this folder's TypeScript 6 (the repo's TypeScript 7 has no JavaScript compiler API).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const allow = JSON.parse(readFileSync(path.join(root, 'tools/layers/sizes.allow.json'), 'utf8'));
const allowed = new Set(allow.map((entry) => entry.where));

const RULES = [
  {
    what: 'component',
    limit: 150,
    files: ts.sys.readDirectory(path.join(root, 'apps/web/src'), ['.tsx']),
    // A component is a function whose name is capitalised.
    counts: (name) => /^[A-Z]/.test(name),
  },
  {
    what: 'server function',
    limit: 80,
    files: ts.sys.readDirectory(path.join(root, 'apps/server/src'), ['.ts']),
    counts: () => true,
  },
];
const isTest = (file) => /\.test\.tsx?$|\.test-helpers\.ts$|\/test\//.test(file);

/** The name a function goes by: its own, or the variable, property or method it is assigned to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name))
    return parent.name.text;
  // memo(function X…) / forwardRef((…) => …) assigned to a variable.
  if (parent && ts.isCallExpression(parent)) {
    const holder = parent.parent;
    if (holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) return holder.name.text;
  }
  return '(anonymous)';
}

const found = [];
const used = new Set();
for (const rule of RULES) {
  for (const file of rule.files.filter((f) => !isTest(f))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const relative = path.relative(root, file);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const name = nameOf(node);
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
        const lines = end - start + 1;
        const where = `${relative}:${name}`;
        const routeTable = relative.endsWith('.routes.ts') && /Routes$/.test(name);
        if (!routeTable && rule.counts(name) && lines > rule.limit) {
          const allowance = [where, relative].find((key) => allowed.has(key));
          if (allowance) used.add(allowance);
          else found.push(`${relative}:${start} ${name}: a ${rule.what} of ${lines} lines (at most ${rule.limit})`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

// An allowance for something no longer too long (or gone) is stale: it would hide the next one.
const stale = allow.filter(({ where }) => !used.has(where));

if (found.length || stale.length) {
  for (const line of found) console.error(line);
  for (const { where } of stale)
    console.error(`tools/layers/sizes.allow.json: ${where} is within its limit now (or gone): remove the entry`);
  console.error(
    `\n${found.length} too long: split them (hooks, row components, helpers), or list one in tools/layers/sizes.allow.json with the reason.`,
  );
  process.exit(1);
}
console.log('sizes: every component within 150 lines and every server function within 80 (or allowed, with a reason)');
