import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
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

/**
 * The embedded database (PGlite) must have one process only: two servers on one DATA_DIR
 * each believe they own the files and lose each other's writes. Takes `DATA_DIR/db.lock`
 * (O_EXCL) holding this pid; a lock whose process is gone (crash, kill -9) is stale and taken
 * over. Throws DataDirLockedError naming the lock when a live process holds it. The lock is
 * removed when this process exits.
 */
export function lockDataDir(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'db.lock');
  const mine: LockInfo = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, JSON.stringify(mine));
      closeSync(fd);
      const release = () => {
        if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
      };
      process.once('exit', release);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = readLock(file);
    if (held && held.pid !== process.pid && (held.hostname !== mine.hostname || alive(held.pid))) {
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is in use by another Kaksha server (pid ${held.pid} on ${held.hostname}, ` +
          `since ${held.startedAt}); lock file ${file}. Stop that server first, or run several instances on PostgreSQL ` +
          '(DATABASE_URL). If no such process exists any more, delete the lock file.',
      );
    }
    // Stale (its process is gone) or unreadable: move it aside atomically, then try again.
    try {
      renameSync(file, `${file}.stale-${process.pid}`);
      rmSync(`${file}.stale-${process.pid}`, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataDirLockedError(`Could not take the lock file ${file}; another server may be starting.`);
}
