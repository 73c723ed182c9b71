import type pg from 'pg';
import { DatabaseCircuitOpenError, type DatabaseBreaker } from './db-breaker';
import { isDatabaseUnreachable } from './db-unavailable';

/** An error the server sent (it has a severity), as opposed to a timeout or a socket's failure on the way. */
const answeredByServer = (err: unknown) => typeof err === 'object' && err !== null && 'severity' in err;

export interface PoolWatchOptions {
  /** How long a query, or a wait for a connection, goes unanswered before a probe asks whether the server hangs. */
  suspectAfterMs: number;
  /** A connection of its own and `select 1`, bounded in time; rejects when the server does not answer. */
  probe: () => Promise<void>;
  /** How often pending work is looked at while there is any. */
  tickMs?: number;
}

interface Pending {
  since: number;
}

interface Running extends Pending {
  client: pg.PoolClient;
}

interface Waiting extends Pending {
  fail(err: Error): void;
}

/**
 * Watches a PostgreSQL pool for a server that stopped answering (docs/decisions/043-database-hangs.md).
 *
 * The statement and read timeouts alone leave a request waiting up to 11 s in a hang, and a connection whose query
 * timed out went back to the pool with its late answer still owed. Here, once a query or a wait for a connection has
 * gone unanswered for `suspectAfterMs`, a probe on a connection of its own asks the server; when the probe gets no
 * answer and no query on the pool got one meanwhile (a busy server still answers someone), the breaker opens and
 * every connection the pool holds is destroyed: the requests on them answer 503 at once, and the pool starts afresh
 * when the probe gets through again.
 *
 * Every pooled client also gets an 'error' listener of its own: pg emits 'error' on a checked-out client when the
 * server ends its session (an idle-in-transaction timeout, a terminated backend), and pg-pool listens only while the
 * client is idle, so without one that error ended the process. The listener also gives a broken client back to the
 * pool, which drops it: its borrower may never do so (Drizzle releases a transaction's client only once its `begin`
 * went through), and each connection a hang broke at a `begin` stayed counted as lent for good, shrinking the pool
 * hang after hang. A later release by the borrower is then a no-op.
 */
export function watchPool(pool: pg.Pool, breaker: DatabaseBreaker, opts: PoolWatchOptions) {
  const tickMs = opts.tickMs ?? 100;
  const clients = new Set<pg.PoolClient>();
  /** Clients out on loan, each with the release that ends this loan (once). */
  const lent = new Map<pg.PoolClient, (err?: Error | boolean) => void>();
  const running = new Set<Running>();
  const waiting = new Set<Waiting>();
  let lastAnswerAt = 0;
  let probing = false;
  let lastProbeAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const destroy = (client: pg.PoolClient) => {
    // Ending the socket makes pg fail the client's queries ("Connection terminated unexpectedly", a 503) and mark it
    // unusable, so pg-pool drops it on release instead of lending it again.
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  };

  const schedule = () => {
    if (!timer && !stopped) timer = setInterval(tick, tickMs).unref();
  };

  const abandon = (olderThan: number) => {
    for (const w of waiting) if (w.since <= olderThan) w.fail(new DatabaseCircuitOpenError());
    for (const r of running) if (r.since <= olderThan) destroy(r.client);
  };

  function tick() {
    if (running.size === 0 && waiting.size === 0) {
      clearInterval(timer);
      timer = undefined;
      return;
    }
    const now = Date.now();
    // The breaker opened (here or on a request's error): work still waiting on the server past the limit is let go.
    if (breaker.isOpen) return abandon(now - opts.suspectAfterMs);
    let oldest = now;
    for (const p of running) oldest = Math.min(oldest, p.since);
    for (const p of waiting) oldest = Math.min(oldest, p.since);
    if (now - oldest < opts.suspectAfterMs || probing || now - lastProbeAt < opts.suspectAfterMs) return;
    probing = true;
    const started = now;
    opts
      .probe()
      .then(
        () => {},
        async (err: unknown) => {
          // Answers the pool's connections received meanwhile are read before the verdict (a busy process reads late).
          await new Promise((resolve) => setImmediate(resolve));
          if (stopped || answeredByServer(err) || lastAnswerAt >= started) return;
          breaker.trip();
          for (const w of waiting) w.fail(new DatabaseCircuitOpenError());
          for (const c of clients) destroy(c);
        },
      )
      .finally(() => {
        probing = false;
        lastProbeAt = Date.now();
      });
  }

  const settled = (entry: Running, err: unknown) => {
    running.delete(entry);
    if (!err || !isDatabaseUnreachable(err)) lastAnswerAt = Date.now();
    // A read timeout leaves the query's answer owed on the connection: the next borrower would wait behind it.
    else if ((err as Error).message === 'Query read timeout') destroy(entry.client);
  };

  /** The borrower's release, made safe to call twice: the error listener may have given the client back first. */
  const lend = (client: pg.PoolClient) => {
    const give = client.release;
    const release = (err?: Error | boolean) => {
      if (lent.get(client) !== release) return;
      lent.delete(client);
      give(err);
    };
    lent.set(client, release);
    client.release = release;
  };

  pool.on('connect', (client) => {
    // A lent client that broke goes back with its error, so the pool drops it; an idle one is pg-pool's.
    client.on('error', (err: Error) => lent.get(client)?.(err));
    clients.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const first = args[0] as { submit?: unknown } | undefined;
      // A submittable (cursor, stream) settles by its own events: the shop sends none, and they go unwatched.
      if (first && typeof first === 'object' && typeof first.submit === 'function') return query(...args);
      const entry: Running = { since: Date.now(), client };
      running.add(entry);
      schedule();
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (err: unknown, res: unknown) => {
          settled(entry, err);
          (callback as (err: unknown, res: unknown) => void)(err, res);
        };
        return query(...args);
      }
      const result = query(...args) as Promise<unknown>;
      result.then(
        () => settled(entry, undefined),
        (err: unknown) => settled(entry, err),
      );
      return result;
    }) as typeof client.query;
  });
  pool.on('remove', (client) => clients.delete(client));

  // A wait for a connection (a new one to a hung server, or a free one from a full pool) is watched as a query is.
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const watchedConnect = (
    cb?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
  ) => {
    const borrowed = new Promise<pg.PoolClient>((resolve, reject) => {
      let done = false;
      const entry: Waiting = {
        since: Date.now(),
        fail(err) {
          if (done) return;
          done = true;
          waiting.delete(entry);
          reject(err);
        },
      };
      waiting.add(entry);
      schedule();
      connect().then(
        (client) => {
          // Given up on already: the connection goes, as it may belong to the hung server.
          if (done) return client.release(true);
          done = true;
          waiting.delete(entry);
          lend(client);
          resolve(client);
        },
        (err: Error) => entry.fail(err),
      );
    });
    if (!cb) return borrowed;
    borrowed.then(
      (client) => process.nextTick(() => cb(undefined, client, (err?: Error) => client.release(err))),
      (err: Error) => process.nextTick(() => cb(err, undefined, () => {})),
    );
    return undefined;
  };
  pool.connect = watchedConnect as typeof pool.connect;

  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
    },
  };
}
