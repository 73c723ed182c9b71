import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database, Db, Tx } from './db';

/**
 * Background work that must survive a restart and an outage of whatever it talks to (SMTP now; refunds and
 * back-in-stock notices later): durable jobs in the database, delivered by pg-boss with retries and exponential
 * backoff. On PostgreSQL each job goes to exactly one worker of all instances (`FOR UPDATE SKIP LOCKED`).
 */
export interface JobTypeOptions {
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds before the first retry; each later retry waits about twice as long (with jitter). */
  retryDelaySeconds: number;
  /** A job still running after this long (its worker died) is handed out again. */
  expireInSeconds: number;
  /**
   * Jobs one worker takes at a time (default 5, run side by side). A crash repeats every job taken and done but not
   * yet recorded: 1 keeps that to the job in progress.
   */
  batchSize?: number;
}

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export interface QueueCounts {
  /** Waiting to run: new, or waiting for their next retry. */
  pending: number;
  active: number;
  /** Out of retries (kept until pg-boss archives them, 12 hours by default). */
  failed: number;
}

export interface JobQueue {
  /** Registers a job type and its worker; call before `start`. */
  define<T extends object>(name: string, options: JobTypeOptions, handler: JobHandler<T>): void;
  /**
   * Stores a job. With `tx`, the job is written in the caller's transaction: it exists only if that commits.
   * Resolves once the job is durable; never waits for the work itself.
   */
  send<T extends object>(
    name: string,
    data: T,
    opts?: { tx?: Tx | Db | undefined; startAfterSeconds?: number | undefined },
  ): Promise<string>;
  /** Jobs per type and state, for metrics. */
  depth(): Promise<Record<string, QueueCounts>>;
  start(): Promise<void>;
  /** Stops fetching and waits (bounded) for jobs in progress. */
  stop(): Promise<void>;
}

const SCHEMA = 'pgboss';
/** Jobs one worker takes per poll and runs side by side, unless its type says otherwise. */
const BATCH_SIZE = 5;

/** Runs pg-boss's SQL on the app's own connection: PGlite (one per process) or the pg pool. */
function bossDb(database: Database): PgBoss.Db {
  if (database.kind === 'postgres') {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return {
    // pg-boss sends its schema and maintenance scripts as several statements without parameters (only `exec`
    // takes those on PGlite) and everything else as one parameterised statement.
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

/**
 * pg-boss's `$n` statement as a Drizzle query, so it runs inside a Drizzle transaction on either driver. Drizzle
 * drops `undefined` parameters, so they become NULL (which is what pg-boss means by them).
 */
export function toDrizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/(\$\d+)/);
  return sql.join(
    parts.map((part) =>
      /^\$\d+$/.test(part) ? sql`${values[Number(part.slice(1)) - 1] ?? null}` : sql.raw(part),
    ),
  );
}

function txDb(tx: Tx | Db): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = (await tx.execute(toDrizzleSql(text, values ?? []))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** The jobs of every type by state, each known type counted even with none. */
async function queueDepths(database: Database, names: string[]): Promise<Record<string, QueueCounts>> {
  const rows = await database.db.execute<{ name: string; state: string; count: number }>(
    sql`select name, state::text as state, count(*)::int as count from ${sql.raw(SCHEMA)}.job group by 1, 2`,
  );
  const counts: Record<string, QueueCounts> = {};
  for (const name of names) counts[name] = { pending: 0, active: 0, failed: 0 };
  for (const r of rows.rows) {
    const c = (counts[r.name] ??= { pending: 0, active: 0, failed: 0 });
    if (r.state === 'created' || r.state === 'retry') c.pending += Number(r.count);
    else if (r.state === 'active') c.active += Number(r.count);
    else if (r.state === 'failed') c.failed += Number(r.count);
  }
  return counts;
}

/** Runs one job of a batch: it succeeds or fails on its own. */
const runJob =
  (boss: PgBoss, log: FastifyBaseLogger, name: string, handler: JobHandler<object>) =>
  async (job: PgBoss.JobWithMetadata<object>) => {
    try {
      await handler(job.data, { id: job.id, retryCount: job.retryCount });
    } catch (err) {
      log.warn({ err, job: job.id, type: name, attempt: job.retryCount + 1 }, 'job failed');
      await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
      return;
    }
    // Completed as soon as it is done, not when the whole batch is: a crash meanwhile would run it again (a mail
    // sent twice) once its expiry noticed. Should this write fail, pg-boss completes the batch.
    await boss
      .complete(name, job.id)
      .catch((err: unknown) => log.warn({ err, job: job.id, type: name }, 'job completion deferred'));
  };

export function createJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  opts: { pollMs: number; stopTimeoutMs: number },
): JobQueue {
  const boss = new PgBoss({
    db: bossDb(database),
    schema: SCHEMA,
    schedule: false,
    // Every instance runs the upkeep (expiring jobs of dead workers, archiving); pg-boss serialises it.
    supervise: true,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const types = new Map<string, { options: JobTypeOptions; handler: JobHandler<object> }>();
  const workers = new Map<string, string>();
  /** The batches being worked on: stop() waits for them (bounded), as pg-boss does up to its own timeout. */
  const running = new Set<Promise<unknown>>();
  let started = false;

  return {
    define(name, options, handler) {
      types.set(name, { options, handler: handler as JobHandler<object> });
    },

    async send(name, data, { tx, startAfterSeconds } = {}) {
      if (!types.has(name)) throw new Error(`unknown job type ${name}`);
      const id = await boss.send(name, data, {
        ...(tx && { db: txDb(tx) }),
        // As a timestamp: pg-boss's "seconds from now" form does not survive the per-transaction adapter (the
        // parameter is typed as a timestamp there).
        ...(startAfterSeconds && { startAfter: new Date(Date.now() + startAfterSeconds * 1000) }),
      });
      if (!id) throw new Error(`job ${name} was not stored`);
      // Visible at once (no transaction to wait for): wake this process's worker instead of waiting for its poll.
      const worker = workers.get(name);
      if (!tx && !startAfterSeconds && worker) boss.notifyWorker(worker);
      return id;
    },

    depth: () => queueDepths(database, [...types.keys()]),

    async start() {
      const queues = [...types].map(([name, { options }]) => ({
        name,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds,
      }));
      // pg-boss's schema set-up and queue creation deadlock when instances start together: one at a time.
      await database.withStartupLock(async () => {
        await boss.start();
        for (const queue of queues) {
          // Idempotent; the update applies changed retry settings to a queue created by an earlier version.
          await boss.createQueue(queue.name, queue);
          await boss.updateQueue(queue.name, queue);
        }
      });
      for (const [name, { handler, options }] of types) {
        const batchSize = options.batchSize ?? BATCH_SIZE;
        const workOptions = {
          pollingIntervalSeconds: opts.pollMs / 1000,
          includeMetadata: true as const,
          batchSize,
        };
        workers.set(
          name,
          await boss.work<object>(name, workOptions, (batch) => {
            // A full batch: more may be waiting, so the worker fetches again at once instead of after its poll
            // interval (with small batches the queue would otherwise drain one batch per interval).
            const self = workers.get(name);
            if (self && batch.length >= batchSize) boss.notifyWorker(self);
            // Each job of the batch succeeds or fails on its own.
            const run = Promise.all(batch.map(runJob(boss, log, name, handler)));
            running.add(run);
            const done = () => void running.delete(run);
            run.then(done, done);
            return run;
          }),
        );
      }
      started = true;
    },

    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: opts.stopTimeoutMs });
      // pg-boss stops waiting at its timeout; a batch still running then completes its jobs through the pool, which
      // closes next. Those batches get one more bounded wait, so their writes do not meet a closed pool.
      if (running.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => (timer = setTimeout(resolve, opts.stopTimeoutMs).unref())),
      ]);
      clearTimeout(timer);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/** Bounded wait for deliveries in progress at shutdown, inside the server's grace period. */
const STOP_TIMEOUT_MS = 5_000;

/**
 * `app.jobs`: features define their job types while the app is built; workers start once it is ready and stop
 * before anything closes (the database last), so shutdown never cuts a job's writes short.
 */
export const jobsPlugin = fp(
  async (app) => {
    const jobs = createJobQueue(app.database, app.log, {
      pollMs: app.config.jobsPollMs,
      stopTimeoutMs: STOP_TIMEOUT_MS,
    });
    app.decorate('jobs', jobs);
    // A database that is away when the shop starts must not keep it down (requests answer 503 meanwhile): the
    // queue keeps trying to start in the background.
    let retry: NodeJS.Timeout | undefined;
    let closing = false;
    const start = (delayMs: number): Promise<void> =>
      jobs.start().catch((err: unknown) => {
        app.log.warn({ err }, 'job queue could not start yet; retrying');
        if (closing) return;
        retry = setTimeout(() => void start(Math.min(delayMs * 2, 30_000)), delayMs);
        retry.unref();
      });
    app.addHook('onReady', () => start(1_000));
    app.addHook('preClose', () => {
      closing = true;
      clearTimeout(retry);
      return jobs.stop();
    });
  },
  { name: 'jobs', dependencies: ['config', 'database'] },
);
