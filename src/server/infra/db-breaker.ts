import type pg from 'pg';

/** What a query gets while the breaker is open: known to the error handler as unavailability (a 503). */
export class DatabaseCircuitOpenError extends Error {
  readonly code = 'ECONNREFUSED';
  constructor() {
    super('The database is unreachable: not trying again until a probe reaches it');
    this.name = 'DatabaseCircuitOpenError';
  }
}

/**
 * A circuit breaker for the PostgreSQL pool. Once a request has failed because the database is unreachable or hung,
 * every later query fails at once (the caller answers 503 with Retry-After) instead of each waiting out the
 * connect or statement timeout; a probe on a connection of its own, once a second with a short timeout, closes the
 * breaker as soon as the database answers again. Answers that need no query (cached catalogue reads) go on.
 */
export class DatabaseBreaker {
  private openSince: number | undefined;
  private stopped = false;

  constructor(
    private readonly probe: () => Promise<void>,
    private readonly probeEveryMs = 1_000,
  ) {}

  get isOpen() {
    return this.openSince !== undefined;
  }

  /** Opens the breaker (a no-op while open) and probes until the database answers. */
  trip() {
    if (this.isOpen || this.stopped) return;
    this.openSince = Date.now();
    void this.probeUntilBack();
  }

  stop() {
    this.stopped = true;
    this.openSince = undefined;
  }

  private async probeUntilBack() {
    while (this.isOpen && !this.stopped) {
      await new Promise((resolve) => setTimeout(resolve, this.probeEveryMs).unref());
      try {
        await this.probe();
        this.openSince = undefined;
      } catch {
        // Still unreachable: try again after the next interval.
      }
    }
  }

  /** Makes the pool's `connect` (which its `query` uses too) fail at once while the breaker is open. */
  guard(pool: pg.Pool) {
    const connect = pool.connect.bind(pool) as (cb?: unknown) => unknown;
    const guarded = (cb?: (err: Error, client?: undefined, done?: () => void) => void) => {
      if (!this.isOpen) return connect(cb);
      const err = new DatabaseCircuitOpenError();
      if (!cb) return Promise.reject(err);
      process.nextTick(() => cb(err, undefined, () => {}));
      return undefined;
    };
    pool.connect = guarded as typeof pool.connect;
  }
}
