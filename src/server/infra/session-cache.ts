import fp from 'fastify-plugin';
import type { Role } from '@shared/accounts/accounts.schema';

/**
 * Who a session credential belongs to, remembered for a few seconds. Resolving a session through Better Auth costs
 * two queries and about 2 ms of CPU (its request context, the bearer token's signature), more than the rest of a
 * simple authenticated call; an API client or a page making several calls sends the same credential each time.
 *
 * Correctness rests on `clear()`: every change to users or sessions (sign-in and out, password, verification, role,
 * profile) clears the whole cache here and, through the cache bus, on every instance. The time limit only bounds
 * what nobody announces (a session reaching its expiry, the command line changing a role). A lookup that started
 * before a clear never stores its answer after it (generations), so a resolve racing a sign-out cannot pin the
 * old session.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The cached value for `key`, or what `resolve` finds (kept only when found, and only until `expiresAt`). */
  async get(
    key: string,
    resolve: () => Promise<{ value: T; expiresAt: Date } | null>,
    now = Date.now(),
  ): Promise<T | null> {
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (hit) this.entries.delete(key);
    const generation = this.generation;
    const found = await resolve();
    if (!found) return null;
    if (this.enabled && generation === this.generation) {
      // Oldest first in a Map: when full, the least recently stored entry goes.
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, {
        value: found.value,
        until: Math.min(now + this.ttlMs, found.expiresAt.getTime()),
      });
    }
    return found.value;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Who a session credential belongs to: what the auth guard resolves and puts on `req.user`. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolved sessions, for a few seconds; cleared (here and on every instance) by any user or session change. */
    sessionCache: SessionCache<SessionUser>;
  }
}

/**
 * `app.sessionCache`, before the auth guard that fills it and the read cache's bus that clears it on every instance
 * (SESSION_CACHE_SECONDS=0 turns it off).
 */
export const sessionCachePlugin = fp(
  async (app) => {
    app.decorate('sessionCache', new SessionCache<SessionUser>(app.config.sessionCacheMs));
  },
  { name: 'session-cache', dependencies: ['config'] },
);
