import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** Another live process holds the embedded database's lock. */
export class DataDirLockedError extends Error {}

interface LockInfo {
  pid: number;
  hostname: string;
  startedAt: string;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function readLock(file: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

/** The live holder refreshes the lock file's mtime this often... */
const HEARTBEAT_MS = 10_000;
/** ...so a lock from another host (whose pid cannot be checked) untouched for this long is stale. */
const STALE_AFTER_MS = 6 * HEARTBEAT_MS;
/** An unreadable lock is most likely being written right now: read it again this often, this many times. */
const UNREADABLE_RETRY_MS = 50;
const UNREADABLE_RETRIES = 20;

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The lock's contents, waiting (bounded) for a holder that is still writing them; null: unreadable. */
function readLockPatiently(file: string, retries: number): LockInfo | 'gone' | null {
  for (let i = 0; ; i++) {
    const held = readLock(file);
    if (held && typeof held.pid === 'number') return held;
    try {
      statSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
      throw error;
    }
    if (i >= retries) return null;
    sleepSync(UNREADABLE_RETRY_MS);
  }
}

export interface LockOptions {
  /** How often the holder refreshes the lock's mtime (HEARTBEAT_MS). */
  heartbeatMs?: number;
  /** Age of mtime after which another host's lock counts as stale (STALE_AFTER_MS). */
  staleAfterMs?: number;
  /** How many times an unreadable lock is read again before giving up (UNREADABLE_RETRIES). */
  unreadableRetries?: number;
}

/**
 * The embedded database (PGlite) must have one process only: two servers on one DATA_DIR
 * each believe they own the files and lose each other's writes. Takes `DATA_DIR/db.lock`
 * (O_EXCL) holding this pid; a lock whose process is gone (crash, kill -9) is stale and taken
 * over. A lock written on another host (a recreated container, a shared volume) cannot have its
 * pid checked: it is stale once its mtime, which the holder refreshes every heartbeat, is older
 * than STALE_AFTER_MS. A lock that cannot be read (being written this instant) is read again for
 * a moment, then refused, never taken. Throws DataDirLockedError naming the lock when a live
 * process holds it. The lock is removed when this process exits.
 */
export function lockDataDir(dataDir: string, options: LockOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const staleAfterMs = options.staleAfterMs ?? STALE_AFTER_MS;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'db.lock');
  const mine: LockInfo = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, JSON.stringify(mine));
      closeSync(fd);
      const heartbeat = setInterval(() => {
        try {
          const now = new Date();
          utimesSync(file, now, now);
        } catch {
          // Gone (removed by hand): nothing to keep fresh.
        }
      }, heartbeatMs);
      heartbeat.unref();
      const release = () => {
        clearInterval(heartbeat);
        process.off('exit', release);
        if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
      };
      process.once('exit', release);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = readLockPatiently(file, options.unreadableRetries ?? UNREADABLE_RETRIES);
    if (held === 'gone') continue;
    if (!held) {
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is locked, but the lock file ${file} cannot be read; another server ` +
          'may be starting. If no Kaksha server uses this DATA_DIR, delete the lock file.',
      );
    }
    const mtime = lockMtime(file);
    if (mtime === null) continue;
    const live =
      held.hostname === mine.hostname ? held.pid !== process.pid && alive(held.pid) : Date.now() - mtime < staleAfterMs;
    if (live) {
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is in use by another Kaksha server (pid ${held.pid} on ${held.hostname}, ` +
          `since ${held.startedAt}); lock file ${file}. Stop that server first, or run several instances on PostgreSQL ` +
          '(DATABASE_URL). If no such process exists any more, delete the lock file.',
      );
    }
    // Stale (its process is gone, or its host stopped refreshing it): move it aside atomically, then try again.
    try {
      renameSync(file, `${file}.stale-${process.pid}`);
      rmSync(`${file}.stale-${process.pid}`, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataDirLockedError(`Could not take the lock file ${file}; another server may be starting.`);
}

/** The lock file's mtime (ms), or null when it vanished meanwhile. */
function lockMtime(file: string) {
  try {
    return statSync(file).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
