// Prints the failed tests of vitest's JSON reports (test-results/ci-*.json), with the first lines of
// each failure. `.ci/run` calls it last, so a failure is in the tail of a long log, where a reader of
// a CI run that shows only its end can see it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2] ?? 'test-results';
const linesPerFailure = 12;

const excerpt = (text) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, linesPerFailure)
    .map((line) => `    ${line}`)
    .join('\n');

let reports = [];
try {
  reports = readdirSync(dir).filter((name) => /^ci-.*\.json$/.test(name));
} catch {
  process.exit(0);
}

for (const name of reports.sort()) {
  let report;
  try {
    report = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  } catch {
    continue;
  }
  for (const file of report.testResults ?? []) {
    const path = relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    // A file that failed with no failed test did not load, or failed in a hook: its message says why.
    if (file.status === 'failed' && failedTests.length === 0) {
      console.log(`\n✗ ${name}: ${path}\n${excerpt(file.message || 'failed outside its tests')}`);
    }
    for (const test of failedTests) {
      console.log(`\n✗ ${name}: ${path} > ${test.fullName}\n${excerpt((test.failureMessages ?? []).join('\n'))}`);
    }
  }
}
