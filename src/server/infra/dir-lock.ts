import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Thrown when another live process (or this one) already holds the lock: the message is meant for the operator. */
export class DirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly owner: LockOwner | undefined,
  ) {
    super(
      `The data folder ${path.dirname(lockFile)} is already in use by ` +
        (owner ? `process ${owner.pid} on ${owner.host} (since ${owner.since})` : 'another process') +
        `. PGlite serves one process only: stop that process first, or run several` +
        ` instances on PostgreSQL (DATABASE_URL). If no such process is running, delete ${lockFile}.`,
    );
    this.name = 'DirLockedError';
  }
}

interface LockOwner {
  pid: number;
  host: string;
  since: string;
  token: string;
}

export interface DirLock {
  file: string;
  release(): void;
}

/** Locks held by this process: its own PID in a lock file is stale only when this process does not hold it. */
const heldHere = new Set<string>();

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return undefined;
    return { pid: owner.pid, host: owner.host, since: String(owner.since), token: String(owner.token) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw err;
    // A half-written or foreign file: nobody can be proven to own it.
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on a folder through `<file>`, which records the owner's PID and host. A lock whose process
 * is gone (crash, kill -9) is taken over; on another host the PID cannot be checked, so that lock is never stolen.
 */
export function lockDir(file: string): DirLock {
  mkdirSync(path.dirname(file), { recursive: true });
  const me: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    since: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner: LockOwner | undefined;
      try {
        owner = readOwner(file);
      } catch {
        continue; // released between our attempt and the read: try again
      }
      const sameHost = owner?.host === me.host;
      const stale =
        owner === undefined
          ? false
          : sameHost && (owner.pid === process.pid ? !heldHere.has(file) : !isAlive(owner.pid));
      if (!stale) throw new DirLockedError(file, owner);
      unlinkSync(file);
      continue;
    }
    // Two processes taking over the same stale lock at once: only the one whose token stayed in the file wins.
    if (ownerOrNone(file)?.token !== me.token) break;
    heldHere.add(file);
    return {
      file,
      release() {
        if (!heldHere.delete(file)) return;
        try {
          if (ownerOrNone(file)?.token === me.token) unlinkSync(file);
        } catch {
          // already gone
        }
      },
    };
  }
  throw new DirLockedError(file, ownerOrNone(file));
}

function ownerOrNone(file: string): LockOwner | undefined {
  try {
    return readOwner(file);
  } catch {
    return undefined;
  }
}
