import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { cacheScopes, type CacheScope } from './read-cache';

/** What the bus announces: a change to cached reads of a scope, or to users and sessions (the session cache). */
export type BusScope = CacheScope | 'sessions';
export const busScopes: readonly BusScope[] = [...cacheScopes, 'sessions'];
import type { Db } from './db';
import { MAX_BACKOFF_MS } from './cache-announcer';
import { RedisLink } from './redis-link';

// Folding announcements is the bus's sender side, kept beside it.
export { ANNOUNCE_WINDOW_MS, coalescedAnnouncer } from './cache-announcer';

/**
 * Announces committed changes to every instance of the shop. `onChange` runs for changes made by other instances;
 * `onResync` when announcements may have been missed (the link was down), so the caller forgets everything.
 */
export interface CacheBus {
  kind: 'postgres' | 'redis' | 'local';
  /** Whether the link is up now (Redis); a bus without the notion is always up. */
  isUp?(): boolean;
  publish(scope: BusScope): Promise<void>;
  close(): Promise<void>;
}

export interface BusHandlers {
  onChange(scope: BusScope): void;
  onResync(): void;
  log: FastifyBaseLogger;
}

const isScope = (s: string): s is BusScope => (busScopes as readonly string[]).includes(s);

/** Messages are `<scope>:<sender id>`, so an instance skips its own (it invalidated already, right after commit). */
function receiver(self: string, handlers: BusHandlers) {
  return (message: string) => {
    const [scope, sender] = message.split(':');
    if (sender === self || !scope) return;
    if (isScope(scope)) handlers.onChange(scope);
  };
}

/** One process (PGlite): nothing to announce. */
export function localBus(): CacheBus {
  return { kind: 'local', publish: async () => {}, close: async () => {} };
}

export const LISTENER_NAME = 'toolhouse-cache-listener';
const CHANNEL = 'toolhouse_cache';
/** Reconnection waits grow by this much per attempt. */
const BACKOFF_STEP_MS = 100;

/**
 * PostgreSQL LISTEN on a dedicated connection (a pooled one would be handed to queries and lose the LISTEN);
 * announcements go out with pg_notify through the pool. After a lost connection it reconnects with backoff and
 * asks for a resync, since NOTIFY does not queue for absent listeners.
 */
export async function postgresBus(url: string, db: Db, handlers: BusHandlers): Promise<CacheBus> {
  const self = randomUUID();
  const onMessage = receiver(self, handlers);
  let client: pg.Client | undefined;
  let closed = false;
  let backoff = 100;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    // Bounded connect and keep-alive: a hung database must neither stall start-up nor leave a dead listener.
    const c = new pg.Client({
      connectionString: url,
      application_name: LISTENER_NAME,
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
    });
    c.on('notification', (n) => n.channel === CHANNEL && n.payload && onMessage(n.payload));
    c.on('error', () => {});
    c.on('end', () => {
      if (closed || client !== c) return;
      client = undefined;
      handlers.log.warn('cache listener lost its database connection; reconnecting');
      schedule();
    });
    await c.connect();
    await c.query(`listen ${CHANNEL}`);
    client = c;
  };
  const schedule = () => {
    timer = setTimeout(() => {
      connect().then(
        () => {
          backoff = 100;
          handlers.log.info('cache listener reconnected');
          handlers.onResync();
        },
        () => {
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
          if (!closed) schedule();
        },
      );
    }, backoff);
    timer.unref();
  };

  // The shop starts even while the database is unreachable (requests answer 503 meanwhile); the listener keeps
  // trying in the background and asks for a resync once it is in.
  await connect().catch((err: unknown) => {
    handlers.log.warn({ err }, 'cache listener could not connect yet; retrying in the background');
    schedule();
  });
  return {
    kind: 'postgres',
    async publish(scope) {
      await db.execute(sql`select pg_notify(${CHANNEL}, ${`${scope}:${self}`})`);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}

/**
 * How long a publish, or the heartbeat's round trip, may take before Redis counts as down. A hung Redis (or a link
 * that drops every byte) keeps its sockets open and never refuses: only a bound tells it from a slow one.
 */
export const REDIS_REPLY_BOUND_MS = 1_000;
/** How often each instance checks its own Redis link end to end (publish, then hear it back on the subscription). */
export const REDIS_HEARTBEAT_MS = 250;

/**
 * Redis pub/sub: one connection subscribed, one to publish (a subscribed Redis connection can do nothing else).
 *
 * A heartbeat publishes on a channel of this instance's own and waits to hear it back (`RedisLink`): when a heartbeat
 * or an announcement is not answered within `replyMs`, Redis counts as down (announcements go through PostgreSQL),
 * every cached read is forgotten (it may have missed an invalidation) and both connections start afresh. It counts
 * as up again once a heartbeat comes back on the subscription, and everything is forgotten once more then.
 */
export async function redisBus(
  url: string,
  channel: string,
  handlers: BusHandlers,
  { replyMs = REDIS_REPLY_BOUND_MS, heartbeatMs = REDIS_HEARTBEAT_MS } = {},
): Promise<CacheBus> {
  const self = randomUUID();
  const onMessage = receiver(self, handlers);
  const beatChannel = `${channel}:beat:${self}`;
  const options = {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    // Also bounds the ready check of a connection made to a hung Redis: it fails, and ioredis connects again.
    commandTimeout: replyMs,
    retryStrategy: (n: number) => Math.min(n * BACKOFF_STEP_MS, MAX_BACKOFF_MS),
  };
  const sub = new Redis(url, options);
  const pub = new Redis(url, options);
  for (const r of [sub, pub])
    r.on('error', (err: Error) => handlers.log.warn({ err: err.message }, 'redis error'));
  const { onResync, log } = handlers;
  const link = new RedisLink(sub, pub, beatChannel, { replyMs, heartbeatMs, onResync, log });
  sub.on('message', (ch: string, message: string) => {
    if (ch === beatChannel) link.heard();
    else if (ch === channel) onMessage(message);
  });
  // Start-up does not wait for Redis: an instance starts and serves without it (the fallback below carries the
  // announcements meanwhile), and ioredis keeps reconnecting in the background. Redis answering the SUBSCRIBE
  // confirms the subscription as a heartbeat would; ioredis restores it by itself on later reconnections.
  const subscribe = () => sub.subscribe(channel, beatChannel).then(() => link.heard());
  const connected = Promise.all([sub.connect(), pub.connect()])
    .then(subscribe)
    .catch((err: unknown) => {
      handlers.log.warn({ err }, 'redis is unreachable: cache announcements go through PostgreSQL meanwhile');
      // ioredis goes on reconnecting by itself; the subscription is made once it is in.
      sub.once('ready', () => void subscribe().catch(() => {}));
    });
  await Promise.race([connected, new Promise((resolve) => setTimeout(resolve, REDIS_START_WAIT_MS).unref())]);
  link.startServing();
  return {
    kind: 'redis',
    isUp: () => link.isUp(),
    async publish(scope) {
      try {
        await pub.publish(channel, `${scope}:${self}`);
      } catch (err) {
        if (err instanceof Error && /timed out/i.test(err.message)) link.down('publish');
        throw err;
      }
    },
    async close() {
      link.close();
      sub.disconnect();
      pub.disconnect();
    },
  };
}

/** How long start-up waits for Redis before going on without it. */
const REDIS_START_WAIT_MS = 2_000;

/**
 * Redis first, PostgreSQL NOTIFY when Redis is down: every instance listens on both, and an announcement goes over
 * Redis while it is up and over PostgreSQL otherwise (or when sending over Redis fails). A change is never missed
 * because Redis is away, and a Redis outage costs only the NOTIFY traffic it saved.
 */
export function redisWithFallback(redis: CacheBus, postgres: CacheBus, log: FastifyBaseLogger): CacheBus {
  let fellBack = false;
  const fallBack = (scope: BusScope) => {
    if (!fellBack) log.warn('redis is down: cache announcements go through PostgreSQL until it is back');
    fellBack = true;
    return postgres.publish(scope);
  };
  return {
    kind: 'redis',
    isUp: () => redis.isUp?.() ?? true,
    async publish(scope) {
      if (!redis.isUp?.()) return fallBack(scope);
      if (fellBack) log.info('redis is back: cache announcements go through it again');
      fellBack = false;
      await redis.publish(scope).catch(() => fallBack(scope));
    },
    async close() {
      await Promise.all([redis.close(), postgres.close()]);
    },
  };
}
