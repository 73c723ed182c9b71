import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestDatabase, type TestDatabase } from '../test/helper';
import { startSmtp, waitFor, type TestSmtp } from '../test/smtp';
import { loadConfig } from './config';

// PostgreSQL only: a shop process holding queued mail is killed (kill -9); another instance on the same database
// delivers what is left.
const MAILS = 6;
/** The SMTP server keeps each mail once its data is in and says 250 this much later: the mail is then in flight. */
const ACCEPT_DELAY_MS = 700;

/** pg-boss's own statement that hands out again the jobs a dead worker left active past their expiry. */
const failJobsByTimeout = (
  createRequire(import.meta.url)('pg-boss/src/plans') as { failJobsByTimeout(schema: string): string }
).failJobsByTimeout('pgboss');

let testDb: TestDatabase | undefined;
let smtp: TestSmtp | undefined;
let child: ChildProcess | undefined;
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const fn of cleanup.reverse()) await fn();
  await smtp?.close();
  await testDb?.drop();
});

describe('mail after a worker is killed (kill -9)', { timeout: 180_000 }, () => {
  it('only the mail in flight at the kill is sent again, with the same Message-ID; none is lost', async () => {
    testDb = await createTestDatabase();
    smtp = await startSmtp(0, { acceptDelayMs: ACCEPT_DELAY_MS });
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-mail-crash-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));

    const worker = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve('src/server/test/mail-worker.child.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: testDb.url!,
          DATA_DIR: dataDir,
          SMTP_URL: smtpUrl,
          MAILS: String(MAILS),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child = worker;
    let out = '';
    worker.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await waitFor(() => out.includes('queued') || worker.exitCode !== null || undefined, 120_000);
    expect(out).toContain('queued');

    // The third mail's data is in and its 250 not yet sent: kill the worker while it holds that mail.
    await waitFor(() => smtp!.received.length >= 3 || undefined, 30_000);
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));
    const atKill = smtp.received.length;
    const inFlight = smtp.received[2]!.subject!;

    // The dead worker's jobs stay active until their expiry (a minute or more): fast-forward past it and hand them
    // out again as pg-boss's upkeep would, then let another instance deliver what is left.
    await testDb.database.db.execute(
      sql`update pgboss.job set started_on = started_on - interval '1 hour' where state = 'active'`,
    );
    await testDb.database.db.execute(sql.raw(failJobsByTimeout));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      SMTP_URL: smtpUrl,
      JOBS_POLL_MS: '500',
      MAIL_RETRY_DELAY_SECONDS: '1',
    });
    const app = await buildApp(config, { database: testDb.database, skipMigrations: true });
    cleanup.push(() => app.close());
    await app.ready();
    await waitFor(async () => {
      const depth = (await app.jobs.depth()).mail!;
      return depth.pending + depth.active === 0 || undefined;
    }, 60_000);
    // Time for any further copy to arrive.
    await new Promise((r) => setTimeout(r, 1500));

    const bySubject = new Map<string, string[]>();
    for (const m of smtp.received)
      bySubject.set(m.subject!, [...(bySubject.get(m.subject!) ?? []), m.messageId!]);
    // None lost.
    expect([...bySubject.keys()].sort()).toEqual(
      Array.from({ length: MAILS }, (_, i) => `mail ${i + 1}`).sort(),
    );
    // One repeat: the mail in flight (the server had it, the worker never heard its 250), with the same Message-ID.
    const repeated = [...bySubject].filter(([, ids]) => ids.length > 1);
    expect({ atKill, repeated: repeated.map(([subject]) => subject) }).toEqual({
      atKill: 3,
      repeated: [inFlight],
    });
    expect(new Set(bySubject.get(inFlight)).size).toBe(1);
    expect(smtp.received).toHaveLength(MAILS + 1);
  });
});
