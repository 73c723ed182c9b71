import { buildCachedBody, keptBytes, type CachedBody } from './cached-body';

/** What a change invalidates: catalogue reads (products, stock, prices, search, facets) or news reads. */
export const cacheScopes = ['catalogue', 'news'] as const;
export type CacheScope = (typeof cacheScopes)[number];

interface Slot {
  version: number;
  body: Promise<CachedBody>;
  /** The body once built and kept: what a synchronous reader may take. */
  settled?: CachedBody;
  bytes: number;
  /** False: the body answers the callers of this build, then is dropped (its key was asked for the first time). */
  keep: boolean;
}

export interface ReadCacheOptions {
  /** Most entries kept per scope (search pages are many and small; the full product list is one). */
  maxEntries?: number;
  /** Most bytes kept per scope, counting every encoding; one body bigger than this is still served, not kept. */
  maxBytes?: number;
}

/**
 * Anonymous reads built once per version of their scope and shared by every caller, concurrent ones included.
 * A change bumps the scope's version; an answer built from a read that started before the bump is never stored
 * under the new version, so a reader racing a commit cannot pin stale data.
 */
export class ReadCache {
  private readonly versions = new Map<CacheScope, number>(cacheScopes.map((s) => [s, 0]));
  private readonly slots = new Map<CacheScope, Map<string, Slot>>(cacheScopes.map((s) => [s, new Map()]));
  private readonly bytes = new Map<CacheScope, number>(cacheScopes.map((s) => [s, 0]));
  private builds = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  /** Key prefixes whose answers are kept from their second ask while their condition holds (`keepFromSecondAsk`). */
  private readonly secondAsk: { prefix: string; when: () => boolean }[] = [];
  /** Keys asked once, per scope, across versions (how often a key is asked does not change with the data). */
  private readonly asked = new Map<CacheScope, Set<string>>(cacheScopes.map((s) => [s, new Set<string>()]));

  constructor(options: ReadCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  }

  version(scope: CacheScope): number {
    return this.versions.get(scope)!;
  }

  /** Forgets every answer of the scope. Called after a change committed, here or on another instance. */
  invalidate(scope: CacheScope): void {
    this.versions.set(scope, this.version(scope) + 1);
    this.slots.get(scope)!.clear();
    this.bytes.set(scope, 0);
  }

  invalidateAll(): void {
    for (const scope of cacheScopes) this.invalidate(scope);
  }

  /** The body kept for `key` at the current version, if it is built already; never starts a build. */
  peek(scope: CacheScope, key: string): CachedBody | undefined {
    const slots = this.slots.get(scope)!;
    const slot = slots.get(key);
    if (!slot?.settled || slot.version !== this.version(scope)) return undefined;
    slots.delete(key);
    slots.set(key, slot);
    return slot.settled;
  }

  /** The cached body for `key`, building it with `load` at most once per version (concurrent callers share it). */
  get(scope: CacheScope, key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    const slots = this.slots.get(scope)!;
    const version = this.version(scope);
    const hit = slots.get(key);
    if (hit && hit.version === version) {
      // Most recently used last: eviction takes from the front.
      slots.delete(key);
      slots.set(key, hit);
      return hit.body;
    }
    this.builds++;
    const slot: Slot = {
      version,
      bytes: 0,
      body: load().then(buildCachedBody),
      keep: this.keepsFirstAsk(scope, key),
    };
    slots.set(key, slot);
    slot.body.then(
      (body) => this.settle(scope, key, slot, body),
      () => this.drop(scope, key, slot),
    );
    this.evict(scope);
    return slot.body;
  }

  private settle(scope: CacheScope, key: string, slot: Slot, body: CachedBody) {
    const slots = this.slots.get(scope)!;
    if (slots.get(key) !== slot) return;
    if (slot.version !== this.version(scope) || !slot.keep) return void slots.delete(key);
    slot.bytes = keptBytes(body);
    if (slot.bytes > this.maxBytes) return void slots.delete(key);
    slot.settled = body;
    this.bytes.set(scope, this.bytes.get(scope)! + slot.bytes);
    this.evict(scope);
  }

  private drop(scope: CacheScope, key: string, slot: Slot) {
    const slots = this.slots.get(scope)!;
    if (slots.get(key) !== slot) return;
    slots.delete(key);
    this.bytes.set(scope, this.bytes.get(scope)! - slot.bytes);
  }

  private evict(scope: CacheScope) {
    const slots = this.slots.get(scope)!;
    for (const [key, slot] of slots) {
      if (slots.size <= this.maxEntries && this.bytes.get(scope)! <= this.maxBytes) break;
      this.drop(scope, key, slot);
    }
  }

  /**
   * Answers whose keys start with `prefix` are kept only from the second time their key is asked, while `when()`
   * holds: for reads that cost less to build again than to keep. Searches answered by the in-process index cost about
   * a millisecond, and most of their URLs (a price range dragged, a word being typed) are asked once: kept, each would
   * push a popular page out and, as garbage promoted to the old generation, lengthen the collector's pauses
   * (decision 033). Concurrent callers of one build still share it.
   */
  keepFromSecondAsk(prefix: string, when: () => boolean): void {
    this.secondAsk.push({ prefix, when });
  }

  private keepsFirstAsk(scope: CacheScope, key: string): boolean {
    if (!this.secondAsk.some((p) => key.startsWith(p.prefix) && p.when())) return true;
    const asked = this.asked.get(scope)!;
    if (asked.has(key)) return true;
    // Bounded: forgetting every key now and then only costs a popular page one more build.
    if (asked.size >= this.maxEntries * 10) asked.clear();
    asked.add(key);
    return false;
  }

  /** Entries and bytes kept, and bodies built since start (all scopes), for logs and tests. */
  stats(scope: CacheScope): { entries: number; bytes: number; version: number; builds: number } {
    const entries = this.slots.get(scope)!.size;
    return { entries, bytes: this.bytes.get(scope)!, version: this.version(scope), builds: this.builds };
  }
}

/** A cache key for parsed query parameters: the same parameters in any order give the same key. */
export function queryKey(prefix: string, query: unknown): string {
  const sorted = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([k, x]) => [k, sorted(x)]),
        )
      : v;
  return `${prefix}:${JSON.stringify(sorted(query ?? {}))}`;
}
