import type { Facets } from '@shared/catalogue/search.schema';
import type { ResolvedFilters } from './search.filters';

/**
 * The unfiltered catalogue's total and facets, computed once per catalogue version and shared by every query that
 * has no filter (docs/decisions/057-catalogue-speed.md). At 100,000 products the facets read every live row
 * (~0.4 s of PostgreSQL) and the count ~20 ms; the plain `/our-products` asks for them from three URLs (its cards,
 * its facet counts, its server-rendered head), each its own read-cache entry, and every sort and page size of the
 * plain view is another. `version` is the read cache's catalogue version: the change announcements (decision 010),
 * this instance's own and other instances', bump it, so the memo is exactly as fresh as the read cache.
 */
export class WholeCatalogueMemo {
  private slots = new Map<string, { version: number; value: Promise<unknown> }>();

  constructor(private readonly version: () => number) {}

  /**
   * `load`'s answer for `key` at the current version, loading it at most once per version (concurrent callers
   * share the load). A load that began before a version bump answers its own callers but is not kept under the
   * new version, so a read racing a commit cannot pin a stale count.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const version = this.version();
    const hit = this.slots.get(key);
    if (hit && hit.version === version) return hit.value as Promise<T>;
    const value = load();
    const slot = { version, value };
    this.slots.set(key, slot);
    value.catch(() => {
      if (this.slots.get(key) === slot) this.slots.delete(key);
    });
    return value;
  }
}

export interface WholeCounts {
  total: number;
  facets: Facets | null;
}

/** Whether a search has no filter at all: its total and facets are the whole catalogue's. */
export const isWholeCatalogue = (f: ResolvedFilters) =>
  !f.text &&
  !f.categoryIds &&
  !f.brands &&
  f.inStock === null &&
  !f.priceCents &&
  f.specs.length === 0 &&
  !f.productIds;
