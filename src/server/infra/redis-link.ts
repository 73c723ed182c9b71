import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface RedisLinkOptions {
  /** How long a heartbeat's round trip may take before Redis counts as down. */
  replyMs: number;
  heartbeatMs: number;
  /** Announcements may have been missed: forget everything. */
  onResync(): void;
  log: FastifyBaseLogger;
}

/**
 * Whether this instance hears Redis now, judged end to end: a heartbeat published on `beatChannel` over `pub` must
 * come back on `sub` within `replyMs`.
 *
 * The link counts as up only once a heartbeat came back on the subscription as it is now. A connection that is
 * `ready` is not enough: ioredis sends the SUBSCRIBE again after a reconnection without waiting for Redis to take it,
 * and an announcement Redis handles before it is lost for this instance. So a link that comes back forgets every
 * cached read when the first heartbeat comes back (everything published after it is heard, everything before it was
 * committed before it), not when the connection is ready.
 */
export class RedisLink {
  /** A heartbeat came back on the subscription since it last (re)connected. */
  private live = false;
  /** Redis stopped answering in time; cleared by the next heartbeat heard. */
  private hung = false;
  /** When the oldest heartbeat not heard back yet was sent. */
  private beatSince: number | undefined;
  private lastTick = Date.now();
  /** Start-up is over: the instance may have served reads that missed an announcement while the link was down. */
  private serving = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly sub: Redis,
    private readonly pub: Redis,
    private readonly beatChannel: string,
    private readonly opts: RedisLinkOptions,
  ) {
    // A subscription that closed is not live again until a heartbeat comes back on its new connection.
    sub.on('close', () => {
      this.live = false;
    });
    this.timer = setInterval(() => this.tick(), opts.heartbeatMs);
    this.timer.unref();
  }

  isUp(): boolean {
    return this.live && !this.hung && this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  /** The shop serves from now on: a link that comes (back) up after this asks for a resync. */
  startServing(): void {
    this.serving = true;
  }

  /** The subscription is known to be live: a heartbeat came back on it, or Redis confirmed the SUBSCRIBE. */
  heard(): void {
    this.beatSince = undefined;
    if (this.live) return;
    if (this.hung) this.opts.log.info('redis answers again');
    this.hung = false;
    this.live = true;
    if (this.serving) this.opts.onResync();
  }

  /**
   * Redis did not answer in time (a heartbeat, or an announcement): it counts as down, announcements go through
   * PostgreSQL, every cached read is forgotten, and both connections start afresh.
   */
  down(what: string): void {
    const wasUp = !this.hung;
    this.hung = true;
    this.live = false;
    this.beatSince = undefined;
    if (wasUp) {
      this.opts.log.warn(
        { what, boundMs: this.opts.replyMs },
        'redis did not answer in time: counted as down, cache announcements go through PostgreSQL',
      );
      this.opts.onResync();
    }
    // A hung socket may never answer, or answer commands that already gave up (every later reply would then land
    // on the wrong command): drop both connections and connect again.
    this.sub.disconnect(true);
    this.pub.disconnect(true);
  }

  private tick(): void {
    const now = Date.now();
    // A late tick (a starved event loop) may run before the reply waiting in the socket is read: judge next time.
    const late = now - this.lastTick > this.opts.heartbeatMs * 2;
    this.lastTick = now;
    if (this.pub.status !== 'ready' || this.sub.status !== 'ready') {
      this.beatSince = undefined;
      return;
    }
    if (this.beatSince !== undefined && now - this.beatSince > this.opts.replyMs && !late)
      return this.down('heartbeat');
    this.beatSince ??= now;
    this.pub.publish(this.beatChannel, '1').catch(() => {});
  }

  close(): void {
    clearInterval(this.timer);
  }
}
