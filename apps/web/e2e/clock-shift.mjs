// Test-only (earnings.e2e.ts): loaded with `node --import` into a server started for one test file,
// it moves that process's clock forward by the milliseconds written in E2E_CLOCK_FILE, so a test can
// let a refund window pass without waiting a week. Never part of the app or its build.
import { readFileSync } from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;
const RealDate = Date;
let offset = 0;
let readAt = 0;

/** The offset, read again at most every 100 ms (every `new Date()` asks). */
function shift() {
  const now = RealDate.now();
  if (file && now - readAt > 100) {
    readAt = now;
    try {
      offset = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      offset = 0;
    }
  }
  return offset;
}

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + shift());
    else super(...args);
  }
  static now() {
    return RealDate.now() + shift();
  }
}
globalThis.Date = ShiftedDate;
