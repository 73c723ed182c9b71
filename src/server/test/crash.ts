/**
 * The harness of the kill -9 tests (PostgreSQL only): a shop instance run as a child process by a script of
 * src/server/test/*.child.ts, its printed lines awaited, killed with SIGKILL, and the jobs it held handed out again the
 * way pg-boss's upkeep would once their expiry passed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../infra/db';
import { waitFor } from './smtp';

/** pg-boss's own statement that hands out again the jobs a dead worker left active past their expiry. */
const failJobsByTimeout = (
  createRequire(import.meta.url)('pg-boss/src/plans') as { failJobsByTimeout(schema: string): string }
).failJobsByTimeout('pgboss');

export interface ShopChild {
  process: ChildProcess;
  /** Everything the child printed so far. */
  output(): string;
  /** Waits for a printed line starting with `prefix` and returns what follows it on that line. */
  line(prefix: string, timeoutMs?: number): Promise<string>;
  /** Writes one line to the child's standard input (a child that waits for the test's go-ahead reads it). */
  send(line: string): void;
  /** kill -9, then waits until the process is gone. */
  kill(): Promise<void>;
  /** Kills it if it still runs (for afterAll). */
  stop(): void;
}

/** Starts `src/server/test/<script>` under tsx with the test's environment plus `env`. */
export function spawnShopChild(script: string, env: Record<string, string>): ShopChild {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/test', script)], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    process: child,
    output: () => out,
    async line(prefix, timeoutMs = 120_000) {
      const found = () => out.split('\n').find((l) => l.startsWith(prefix));
      await waitFor(() => found() !== undefined || !alive() || undefined, timeoutMs);
      const line = found();
      if (line === undefined) throw new Error(`the child exited before printing "${prefix}": ${out}`);
      return line.slice(prefix.length).trim();
    },
    send(line) {
      child.stdin!.write(`${line}\n`);
    },
    async kill() {
      if (!alive()) throw new Error(`the child had already exited: ${out}`);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    stop() {
      if (alive()) child.kill('SIGKILL');
    },
  };
}

/**
 * A dead worker's jobs stay active until their expiry (a minute or more): fast-forward past it and hand them out
 * again as pg-boss's upkeep would, due at once, so the next instance's workers take them on their next poll.
 */
export async function handOutDeadWorkersJobs(db: Db): Promise<void> {
  await db.execute(
    sql`update pgboss.job set started_on = started_on - interval '1 hour' where state = 'active'`,
  );
  await db.execute(sql.raw(failJobsByTimeout));
  await db.execute(sql`update pgboss.job set start_after = now() where state = 'retry'`);
}

/** The configuration of both instances of the refund crash test: they share the server secret, so its sessions. */
export const refundCrashEnv = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  BASE_URL: 'http://localhost:3000',
  BETTER_AUTH_SECRET: 'x'.repeat(40),
  JOBS_POLL_MS: '500',
};
