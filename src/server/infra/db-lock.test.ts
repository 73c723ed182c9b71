import { execFile, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirLockedError } from './dir-lock';
import { openDatabase } from './db';

let dataDir: string;
let pgliteDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-lock-'));
  pgliteDir = path.join(dataDir, 'pglite');
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const lockFile = () => `${pgliteDir}.lock`;

/** The PID of a process that has certainly exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

// Creating a PGlite folder runs initdb: seconds alone, much longer on a loaded machine.
describe('one process per PGlite data folder', { timeout: 120_000 }, () => {
  it('refuses a second open of the same folder until the first is closed', async () => {
    const first = await openDatabase({ pgliteDir });
    expect(existsSync(lockFile())).toBe(true);
    const second = openDatabase({ pgliteDir });
    await expect(second).rejects.toBeInstanceOf(DirLockedError);
    await expect(second).rejects.toThrow(
      new RegExp(`data folder .* is already in use by process ${process.pid} .*DATABASE_URL`),
    );
    await first.ping();
    await first.close();
    expect(existsSync(lockFile())).toBe(false);

    const again = await openDatabase({ pgliteDir });
    await again.ping();
    await again.close();
  });

  it('stops a second server process on the same folder with a clear message', async () => {
    const first = await openDatabase({ pgliteDir });
    try {
      const script = `import { openDatabase } from ${JSON.stringify(path.resolve('src/server/infra/db.ts'))};
        await openDatabase({ pgliteDir: ${JSON.stringify(pgliteDir)} });
        console.log('opened');`;
      const run = promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { timeout: 20_000 },
      );
      const failed = await run.then(
        (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
        (err: { code: number; stdout: string; stderr: string }) => err,
      );
      expect(failed.code).not.toBe(0);
      expect(failed.stdout).not.toContain('opened');
      expect(failed.stderr).toContain(`is already in use by process ${process.pid}`);
      await first.ping();
    } finally {
      await first.close();
    }
  });

  it('takes over a lock left by a process that is gone (kill -9)', async () => {
    const pid = await deadPid();
    writeFileSync(lockFile(), JSON.stringify({ pid, host: os.hostname(), since: '2026-01-01', token: 'x' }));
    const db = await openDatabase({ pgliteDir });
    await db.ping();
    await db.close();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('keeps a lock held by another live process', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeFileSync(
        lockFile(),
        JSON.stringify({ pid: other.pid, host: os.hostname(), since: '2026-01-01', token: 'x' }),
      );
      await expect(openDatabase({ pgliteDir })).rejects.toThrow(`in use by process ${other.pid}`);
      expect(existsSync(lockFile())).toBe(true);
    } finally {
      other.kill();
      await rm(lockFile(), { force: true });
    }
  });

  it('never steals a lock taken on another host, whose process it cannot see', async () => {
    const pid = await deadPid();
    writeFileSync(lockFile(), JSON.stringify({ pid, host: 'other-host', since: '2026-01-01', token: 'x' }));
    await expect(openDatabase({ pgliteDir })).rejects.toThrow(/on other-host .*delete .*pglite\.lock/);
    await rm(lockFile(), { force: true });
  });
});
