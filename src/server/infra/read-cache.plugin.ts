import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendCachedBody } from './cached-body';
import { ReadCache, type CacheScope } from './read-cache';
import { EarlyAnswers } from './early-answers';
import {
  busScopes,
  coalescedAnnouncer,
  localBus,
  postgresBus,
  redisBus,
  redisWithFallback,
  type BusHandlers,
  type BusScope,
  type CacheBus,
} from './cache-bus';

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCacheService;
  }
  interface FastifyContextConfig {
    /**
     * Scopes a successful call of this route changes: their cached reads (or, for `sessions`, the resolved
     * sessions) are dropped here and on every instance.
     */
    invalidates?: readonly BusScope[];
  }
}

export interface ReadCacheService {
  bus: CacheBus['kind'];
  /** Whether the bus's own link is up (false while Redis is down and PostgreSQL carries the announcements). */
  busUp(): boolean;
  cache: ReadCache;
  /** Cache hits answered before Fastify routes them. */
  early: EarlyAnswers;
  /** Answers from the cache (built once per version with `load`), with ETag, revalidation and 304. */
  reply(
    req: FastifyRequest,
    reply: FastifyReply,
    scope: CacheScope,
    key: string,
    load: () => Promise<unknown>,
    cacheControl?: string,
  ): Promise<void>;
  /** Call after a change committed outside a flagged route (background jobs): invalidates everywhere. */
  changed(scope: BusScope): Promise<void>;
  /**
   * Runs `listener` for every change of a scope, this instance's own and announced ones (`resync`: announcements
   * may have been missed, every scope may have changed). Derived state such as the search index follows these.
   */
  onChange(listener: ChangeListener): void;
}

export type ChangeListener = (scope: BusScope | 'resync') => void;

/** How often an instance whose Redis link is down forgets its cached reads (they may have missed a change). */
export const DISTRUST_FORGET_MS = 1_000;

async function openBus(app: FastifyInstance, handlers: BusHandlers): Promise<CacheBus> {
  const { database, config } = app;
  if (database.kind === 'pglite' || !database.url) return localBus();
  if (config.redisUrl) {
    // One channel per database: shops (or test runs) sharing a Redis never invalidate each other.
    const dbName = new URL(database.url).pathname.slice(1) || 'postgres';
    const [redis, postgres] = await Promise.all([
      redisBus(config.redisUrl, `toolhouse:cache:${dbName}`, handlers),
      postgresBus(database.url, database.db, handlers),
    ]);
    return redisWithFallback(redis, postgres, app.log);
  }
  return postgresBus(database.url, database.db, handlers);
}

/**
 * The in-process cache of anonymous reads and the bus that keeps every instance's copy fresh. Routes flagged
 * `config.invalidates` announce their change after the handler returned, that is after its transaction committed
 * (a rolled-back change throws, answers 4xx/5xx and announces nothing).
 */
export const readCachePlugin = fp<{ early?: EarlyAnswers }>(
  async (app: FastifyInstance, opts) => {
    const cache = new ReadCache();
    const early = opts.early ?? new EarlyAnswers();
    const listeners: ChangeListener[] = [];
    const tell = (scope: BusScope | 'resync') => {
      for (const listener of listeners) listener(scope);
    };
    const forget = (scope: BusScope) => {
      if (scope === 'sessions') app.sessionCache.clear();
      else cache.invalidate(scope);
      tell(scope);
    };
    const bus = await openBus(app, {
      onChange: forget,
      onResync: () => {
        cache.invalidateAll();
        app.sessionCache.clear();
        tell('resync');
      },
      log: app.log,
    });
    app.log.debug({ bus: bus.kind }, 'read cache ready');
    const announcer = coalescedAnnouncer(
      (scope) => bus.publish(scope),
      // The change itself committed; other instances resync when their link comes back.
      (err, scope) => app.log.error({ err, scope }, 'could not announce a change to the other instances'),
    );
    // With its own Redis link down, this instance still hears what others send through PostgreSQL, but not what an
    // instance whose link is up sends over Redis: it forgets every second meanwhile, so nothing it serves is older.
    const distrust = setInterval(() => {
      if (bus.isUp && !bus.isUp()) for (const scope of busScopes) forget(scope);
    }, DISTRUST_FORGET_MS);
    distrust.unref();
    app.addHook('onClose', async () => {
      clearInterval(distrust);
      announcer.close();
      await bus.close();
    });
    early.attach(cache, app.metrics.observe);
    app.addHook('preClose', async () => early.detach());
    app.addHook('onResponse', async (req, reply) => early.capture(req, reply));

    const changed = (scope: BusScope) => {
      forget(scope);
      return announcer.announce(scope);
    };

    // This instance forgets at once; the answer does not wait for the other instances to be told.
    app.addHook('onSend', async (req, reply, payload) => {
      const scopes = req.routeOptions.config.invalidates;
      if (scopes && reply.statusCode < 400) for (const scope of scopes) void changed(scope);
      return payload;
    });

    app.decorate('readCache', {
      bus: bus.kind,
      busUp: () => bus.isUp?.() ?? true,
      cache,
      early,
      changed,
      onChange: (listener) => void listeners.push(listener),
      async reply(req, reply, scope, key, load, cacheControl = 'public, no-cache') {
        const body = await cache.get(scope, key, load);
        early.remember(req, scope, key, cacheControl);
        await sendCachedBody(req, reply, body, cacheControl);
      },
    } satisfies ReadCacheService);
  },
  { name: 'read-cache', dependencies: ['config', 'database', 'metrics', 'session-cache'] },
);
