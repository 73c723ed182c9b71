import { DatabaseTimeoutError } from './db-unavailable';

/**
 * At most `size` holders at once, the others waiting in arrival order without holding anything else. Used where many
 * requests would otherwise each borrow a pool connection only to wait on the same row lock inside the database
 * (sales queue on the order-number counter, decision 074): waiting here leaves the pool to every other request.
 * A waiter still waiting after `waitMs` is refused with a DatabaseTimeoutError, which the error handler answers as a
 * 503 with Retry-After like any other database that cannot serve in time.
 */
export class Gate {
  private held = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    readonly size: number,
    private readonly waitMs: number,
  ) {}

  /** Runs `work` once a place is free, and frees it when `work` settles. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  /** How many hold a place and how many wait (tests and metrics). */
  get state() {
    return { held: this.held, waiting: this.queue.length };
  }

  private enter(): Promise<void> {
    if (this.held < this.size) {
      this.held++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer);
        // The place is handed over by leave(): `held` already counts it.
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.queue.indexOf(admit);
        if (at >= 0) this.queue.splice(at, 1);
        reject(new DatabaseTimeoutError(this.waitMs));
      }, this.waitMs);
      timer.unref();
      this.queue.push(admit);
    });
  }

  private leave(): void {
    const next = this.queue.shift();
    // The place goes straight to the next waiter, so a newcomer cannot slip in ahead of the queue.
    if (next) next();
    else this.held--;
  }
}
