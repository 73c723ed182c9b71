import type { BusScope } from './cache-bus';

/** The longest wait between attempts: the bus's reconnections and the announcer's retries. */
export const MAX_BACKOFF_MS = 5_000;

/** How often one instance announces one scope at most (the storefront may show stock a second stale anyway). */
export const ANNOUNCE_WINDOW_MS = 50;

/**
 * Folds a burst of announcements of one scope into few: the first goes out at once, the ones made during the next
 * `windowMs` become a single one sent at its end. Under a stream of orders, each reserving stock, this is one
 * `pg_notify` per 50 ms instead of one per order, and other instances still hear of every change within the window.
 *
 * A send that fails (the pool busy past its timeouts, the database a moment away) is sent again, backing off up to
 * `maxRetryMs`, until one sent after it goes out: the listeners' link was up, so nothing else would ever tell the
 * other instances, whose caches and search indexes would serve the old data until the next change.
 */
export function coalescedAnnouncer(
  publish: (scope: BusScope) => Promise<void>,
  onError: (err: unknown, scope: BusScope) => void,
  windowMs = ANNOUNCE_WINDOW_MS,
  maxRetryMs = MAX_BACKOFF_MS,
) {
  const windows = new Map<BusScope, { timer: NodeJS.Timeout; pending: boolean }>();
  /** Per scope: the latest failed send (by number) and the retry planned for it. */
  const retries = new Map<BusScope, { failed: number; delay: number; timer: NodeJS.Timeout | undefined }>();
  let sends = 0;
  let closed = false;
  const retry = (scope: BusScope, failed: number) => {
    const known = retries.get(scope);
    if (known?.timer) {
      known.failed = Math.max(known.failed, failed);
      return;
    }
    const entry = {
      failed,
      delay: known ? Math.min(known.delay * 2, maxRetryMs) : windowMs * 2,
      timer: undefined as NodeJS.Timeout | undefined,
    };
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (!closed) void send(scope);
    }, entry.delay);
    entry.timer.unref();
    retries.set(scope, entry);
  };
  const send = (scope: BusScope): Promise<void> => {
    const n = ++sends;
    return publish(scope).then(
      () => {
        // Only a send started after the failed one covers its change (an earlier one may reach the database first).
        const known = retries.get(scope);
        if (known && n > known.failed) {
          clearTimeout(known.timer);
          retries.delete(scope);
        }
      },
      (err: unknown) => {
        onError(err, scope);
        if (!closed) retry(scope, n);
      },
    );
  };
  const open = (scope: BusScope) => {
    const timer = setTimeout(() => {
      const pending = windows.get(scope)?.pending;
      windows.delete(scope);
      if (pending && !closed) {
        open(scope);
        void send(scope);
      }
    }, windowMs);
    timer.unref();
    windows.set(scope, { timer, pending: false });
  };
  return {
    /** Resolves once the announcement is out (or failed, to be sent again), or at once when it was folded. */
    announce(scope: BusScope): Promise<void> {
      if (closed) return Promise.resolve();
      const window = windows.get(scope);
      if (window) {
        window.pending = true;
        return Promise.resolve();
      }
      open(scope);
      return send(scope);
    },
    close() {
      closed = true;
      for (const w of windows.values()) clearTimeout(w.timer);
      windows.clear();
      for (const r of retries.values()) clearTimeout(r.timer);
      retries.clear();
    },
  };
}
