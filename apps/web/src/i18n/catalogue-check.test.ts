import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCatalogues } from '../../scripts/check-i18n';

const fixture = path.resolve(__dirname, '../../scripts/i18n-fixture');

/** The catalogue check of `npm run lint` (scripts/check-i18n.ts), on a small catalogue with one of each mistake. */
describe('the catalogue check', () => {
  it('names every key missing, extra, unused or unknown, and every message whose placeholders or plurals are wrong', () => {
    const problems = checkCatalogues({
      catalogues: path.join(fixture, 'catalogues'),
      sources: [path.join(fixture, 'src')],
      errorIdSources: [path.join(fixture, 'server')],
      messagesFile: path.join(fixture, 'server/messages.ts'),
    }).map((problem) => problem.replace(/^.*i18n-fixture\//, ''));
    expect(problems.sort()).toEqual(
      [
        'hi.json: missing key "messages.removed"',
        'hi.json: key "extra.key" is not in en.json',
        'hi.json: "courses.count": plural {count} has "few", which hi does not have',
        'hi.json: "courses.greeting" has placeholders {naam}, en.json {name}',
        'hi.json: "courses.help" is not an ICU message (UNCLOSED_TAG)',
        'src/Page.tsx: key "courses.missing" is in no catalogue',
        'en.json: "courses.unused" is used by no code',
        'en.json: "errors.unknown_id": no such error id',
        'en.json: "messages.removed" is not MESSAGES.removed: "Removed"',
      ].sort(),
    );
  });

  it('finds nothing wrong in catalogues that agree with each other and with the code', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kaksha-i18n-'));
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src/Page.tsx'), "t('courses.count', { count }); translate('errors.known_id');");
    writeFileSync(path.join(dir, 'server.ts'), "throw new AppError(400, 'known_id', 'A known error');");
    writeFileSync(
      path.join(dir, 'en.json'),
      JSON.stringify({ 'courses.count': '{count, plural, one {# course} other {# courses}}', 'errors.known_id': 'x' }),
    );
    writeFileSync(
      path.join(dir, 'hi.json'),
      JSON.stringify({ 'courses.count': '{count, plural, one {# कोर्स} other {# कोर्स}}', 'errors.known_id': 'y' }),
    );
    expect(checkCatalogues({ catalogues: dir, sources: [path.join(dir, 'src')], errorIdSources: [dir] })).toEqual([]);
  });
});
