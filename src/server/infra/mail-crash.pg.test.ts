import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { handOutDeadWorkersJobs, spawnShopChild, type ShopChild } from '../test/crash';
import { createTestDatabase, type TestDatabase } from '../test/helper';
import { startSmtp, waitFor, type TestSmtp } from '../test/smtp';
import { loadConfig } from './config';

// PostgreSQL only: a shop process holding queued mail is killed (kill -9); another instance on the same database
// delivers what is left.
const MAILS = 6;
/** The SMTP server keeps each mail once its data is in and says 250 this much later: the mail is then in flight. */
const ACCEPT_DELAY_MS = 700;

let testDb: TestDatabase | undefined;
let smtp: TestSmtp | undefined;
let child: ShopChild | undefined;
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  child?.stop();
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

    const worker = spawnShopChild('mail-worker.child.ts', {
      DATABASE_URL: testDb.url!,
      DATA_DIR: dataDir,
      SMTP_URL: smtpUrl,
      MAILS: String(MAILS),
    });
    child = worker;
    await worker.line('queued');

    // The third mail's data is in and its 250 not yet sent: kill the worker while it holds that mail.
    await waitFor(() => smtp!.received.length >= 3 || undefined, 30_000);
    await worker.kill();
    const atKill = smtp.received.length;
    const inFlight = smtp.received[2]!.subject!;

    // The dead worker's jobs stay active until their expiry (a minute or more): another instance delivers what is
    // left once they are handed out again.
    await handOutDeadWorkersJobs(testDb.database.db);
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
