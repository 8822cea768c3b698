// `npm run lint` runs this: the interface's catalogues (src/i18n/*.json) must agree with each
// other and with the code. It fails when
//   - a catalogue lacks a key the default one (en.json) has, or has one it lacks;
//   - a key the code names (t('…'), translate('…'), <Message id="…">) is in no catalogue;
//   - a key no code names: its quoted text appears in no source file (keys kept in a table count),
//     and it does not start with a template key's fixed part (`states.s${code}` names every states.s…);
//     `errors.<id>` keys are the server's error ids, so the id must appear in the server's or the
//     contracts' sources instead; `messages.<name>` keys are MESSAGES' texts, which the web shows
//     translated wherever it shows them (lib/api.ts serverMessage), so each must be one of MESSAGES;
//   - a message does not parse as ICU, or its placeholders or tags differ from English's;
//   - a plural names a category the language does not have (Hindi: one, other) or lacks `other`;
//   - `messages.<name>` in English is not contracts' MESSAGES.<name> word for word (the spec's texts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';

export interface CheckOptions {
  /** The folder of the catalogues (`en.json`, `hi.json`, …). */
  catalogues: string;
  /** The web app's sources, where keys are named. */
  sources: string[];
  /** Where error ids are defined (the server, the contracts): an `errors.<id>` key needs its id there. */
  errorIdSources: string[];
  /** contracts' messages.ts (MESSAGES), whose texts English must keep. */
  messagesFile?: string;
  defaultLocale?: string;
}

const SOURCE = /\.(ts|tsx|mjs)$/;
const TEST = /\.(test|e2e)\.(ts|tsx)$|\/test\//;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(file).isDirectory() ? filesUnder(file) : SOURCE.test(name) && !TEST.test(file) ? [file] : [];
  });
}

/** Every argument of a message with its kind, and its tags: what must be the same in every language. */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()) {
  for (const element of elements) {
    if (element.type === TYPE.argument) found.add(`{${element.value}}`);
    else if (element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) {
      found.add(`{${element.value}, ${TYPE[element.type]}}`);
    } else if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.add(`{${element.value}, ${element.type === TYPE.select ? 'select' : 'plural'}}`);
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    } else if (element.type === TYPE.tag) {
      found.add(`<${element.value}>`);
      placeholders(element.children, found);
    }
  }
  return found;
}

/** Plural categories a message uses that the language does not have, and plurals without `other`. */
function pluralProblems(elements: MessageFormatElement[], locale: string): string[] {
  const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[]);
  const problems: string[] = [];
  for (const element of elements) {
    if (element.type === TYPE.plural) {
      const kind = element.pluralType === 'ordinal' ? 'ordinal' : 'cardinal';
      const allowed =
        kind === 'cardinal'
          ? categories
          : new Set(new Intl.PluralRules(locale, { type: 'ordinal' }).resolvedOptions().pluralCategories as string[]);
      for (const name of Object.keys(element.options)) {
        if (!name.startsWith('=') && !allowed.has(name)) {
          problems.push(`plural {${element.value}} has "${name}", which ${locale} does not have`);
        }
      }
      if (!element.options.other) problems.push(`plural {${element.value}} has no "other"`);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) problems.push(...pluralProblems(option.value, locale));
    }
    if (element.type === TYPE.tag) problems.push(...pluralProblems(element.children, locale));
  }
  return problems;
}

/** The names and texts of contracts' MESSAGES (`name: 'text',` lines). */
function contractMessages(file: string) {
  const body = readFileSync(file, 'utf8').split('export const MESSAGES = {')[1]?.split('} as const')[0];
  if (!body) throw new Error(`${file}: no MESSAGES table found`);
  return new Map(
    [...body.matchAll(/^\s*(\w+):\s*(['"])((?:\\.|(?!\2).)*)\2,?\s*$/gm)].map((m) => [
      m[1],
      m[3].replace(/\\(.)/g, '$1'),
    ]),
  );
}

const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** Every problem found, as lines to print; none means the catalogues are sound. */
export function checkCatalogues(options: CheckOptions): string[] {
  const { catalogues: dir, defaultLocale = 'en' } = options;
  const problems: string[] = [];
  const catalogues = new Map<string, Record<string, string>>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    catalogues.set(name.slice(0, -'.json'.length), JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
  }
  const reference = catalogues.get(defaultLocale);
  if (!reference) return [`no ${defaultLocale}.json in ${dir}`];
  const keys = Object.keys(reference);

  // The same keys everywhere, and the same placeholders in each message.
  const shapes = new Map<string, Map<string, Set<string>>>();
  for (const [locale, messages] of catalogues) {
    const shapesHere = new Map<string, Set<string>>();
    shapes.set(locale, shapesHere);
    for (const key of keys) if (!(key in messages)) problems.push(`${locale}.json: missing key "${key}"`);
    for (const key of Object.keys(messages)) {
      if (!(key in reference)) problems.push(`${locale}.json: key "${key}" is not in ${defaultLocale}.json`);
    }
    for (const [key, text] of Object.entries(messages)) {
      if (typeof text !== 'string') {
        problems.push(`${locale}.json: "${key}" is not a string`);
        continue;
      }
      let elements: MessageFormatElement[];
      try {
        elements = parse(text);
      } catch (error) {
        problems.push(`${locale}.json: "${key}" is not an ICU message (${(error as Error).message})`);
        continue;
      }
      for (const problem of pluralProblems(elements, locale)) problems.push(`${locale}.json: "${key}": ${problem}`);
      shapesHere.set(key, placeholders(elements));
    }
  }
  for (const [locale, shapesHere] of shapes) {
    if (locale === defaultLocale) continue;
    for (const [key, theirs] of shapesHere) {
      const english = shapes.get(defaultLocale)?.get(key);
      if (english && !same(english, theirs)) {
        problems.push(
          `${locale}.json: "${key}" has placeholders ${[...theirs].join(' ') || '(none)'}, ${defaultLocale}.json ${[...english].join(' ') || '(none)'}`,
        );
      }
    }
  }

  // Keys the code names must exist; keys nobody names must go.
  // Comment lines (`//`, `/** … */`) name no key.
  const withoutComments = (text: string) => text.replace(/^\s*(\/\/|\/\*|\*).*$/gm, '');
  const code = options.sources
    .flatMap(filesUnder)
    .map((file) => ({ file, text: withoutComments(readFileSync(file, 'utf8')) }));
  const all = code.map((f) => f.text).join('\n');
  const named = /\b(?:t|translate)\(\s*['"]([\w.-]+)['"]|<Message\s+id=["']([\w.-]+)["']/g;
  for (const { file, text } of code) {
    for (const m of text.matchAll(named)) {
      const key = m[1] ?? m[2];
      if (!(key in reference)) problems.push(`${path.relative(process.cwd(), file)}: key "${key}" is in no catalogue`);
    }
  }
  const templatePrefixes = [...all.matchAll(/`([\w.-]+\.[\w-]*)\$\{/g)].map((m) => m[1]);
  const messageNames = options.messagesFile ? contractMessages(options.messagesFile) : new Map<string, string>();
  const ids = options.errorIdSources
    .flatMap(filesUnder)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  for (const key of keys) {
    const quoted = (text: string, word: string) => ['"', "'", '`'].some((q) => text.includes(`${q}${word}${q}`));
    if (key.startsWith('errors.')) {
      if (!quoted(ids, key.slice('errors.'.length))) problems.push(`${defaultLocale}.json: "${key}": no such error id`);
    } else if (key.startsWith('messages.')) {
      if (!messageNames.has(key.slice('messages.'.length)))
        problems.push(`${defaultLocale}.json: "${key}" is not in MESSAGES`);
    } else if (!quoted(all, key) && !templatePrefixes.some((prefix) => key.startsWith(prefix))) {
      problems.push(`${defaultLocale}.json: "${key}" is used by no code`);
    }
  }
  for (const [name, text] of messageNames) {
    const key = `messages.${name}`;
    if (reference[key] === undefined) problems.push(`${defaultLocale}.json: missing "${key}" (MESSAGES.${name})`);
    else if (reference[key] !== text)
      problems.push(`${defaultLocale}.json: "${key}" is not MESSAGES.${name}: "${text}"`);
  }
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const repo = path.resolve(web, '../..');
  const problems = checkCatalogues({
    catalogues: path.join(web, 'src/i18n'),
    sources: [path.join(web, 'src')],
    errorIdSources: [path.join(repo, 'apps/server/src'), path.join(repo, 'packages/contracts/src')],
    messagesFile: path.join(repo, 'packages/contracts/src/messages.ts'),
  });
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`check-i18n: ${problems.length} problem(s) in the catalogues (apps/web/src/i18n)`);
    process.exit(1);
  }
  console.log('check-i18n: the catalogues agree with each other and with the code');
}
