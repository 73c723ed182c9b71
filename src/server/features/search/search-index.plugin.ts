import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../infra/db';
import { SearchIndexData, type Stage } from './search-index.data';
import { QueryReader } from './search-index.query';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process catalogue search index of this instance, or null when `SEARCH_INDEX=false`. */
    searchIndex: SearchIndex | null;
  }
}

export interface IndexSource {
  data: SearchIndexData;
  reader: QueryReader;
}

const RETRY_MS = 1_000;
/**
 * How long a search waits for the index to apply the changes announced before it; past it PostgreSQL answers. A
 * refresh is one small query as a rule, but one that must re-read many rows (a CSV import, a horizon held back by a
 * long transaction elsewhere) or a starved event loop must not hold searches, nor let another instance's change
 * stay unseen, for as long as it takes.
 */
export const WAIT_FOR_INDEX_MS = 1_000;

/**
 * Builds the index in the background (PostgreSQL answers meanwhile), then follows every catalogue change this
 * instance makes or hears of: the rows changed since the last read are read again, and a missed announcement (a
 * resync) or a change it cannot follow by itself (deleted rows, new category spec definitions) rebuilds it.
 */
export class SearchIndex {
  private data: SearchIndexData | null = null;
  private reader: QueryReader | null = null;
  private announced = 0;
  private applied = 0;
  private rebuildWanted = false;
  private rebuilding = false;
  private failing = false;
  private running: Promise<void> | null = null;
  private closed = false;
  /** Searches waiting for announced changes to be applied: each wakes once its change is in (or the index fails). */
  private waiters: { want: number; wake: () => void }[] = [];
  /** Milliseconds the last full build took (start-up figure for the benchmark and the log). */
  lastBuildMs: number | null = null;
  /**
   * Tests: awaited at each stage of a refresh or a build (see `Stage`), to hold the index there while a change or a
   * search happens.
   */
  hold: ((stage: Stage) => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    this.rebuildWanted = true;
    this.kick();
  }

  /** A change to the catalogue committed (here or on another instance), or announcements may have been missed. */
  changed(resync = false) {
    this.announced++;
    if (resync) this.rebuildWanted = true;
    this.kick();
  }

  private kick() {
    if (this.running || this.closed) return;
    this.running = this.loop().finally(() => {
      this.running = null;
      // A change announced while the loop was ending found it still running: start again for it.
      if (this.rebuildWanted || this.applied < this.announced) this.kick();
    });
  }

  private async loop(): Promise<void> {
    while (!this.closed && (this.rebuildWanted || this.applied < this.announced)) {
      const target = this.announced;
      const rebuild = this.rebuildWanted || !this.data;
      this.rebuildWanted = false;
      try {
        if (rebuild) {
          this.rebuilding = true;
          this.wake(true);
          const started = performance.now();
          const data = await SearchIndexData.build(this.db, (stage) => this.held(stage));
          // Orders every suggestion and search reads (and the spec facets' value orders), made now rather than by
          // the first callers (a few hundred ms at 100,000 products: a price change's first probe on another
          // instance waited for them).
          data.idOrder();
          data.order('sku');
          for (const col of data.specs.keys()) data.specOrder(col);
          this.data = data;
          this.reader = new QueryReader(this.db, data);
          this.lastBuildMs = Math.round(performance.now() - started);
          this.log.info({ products: data.liveCount, ms: this.lastBuildMs }, 'search index built');
        } else if (!(await this.data!.refresh(this.db, (stage) => this.held(stage)))) {
          this.rebuildWanted = true;
          continue;
        }
        this.applied = target;
        this.failing = false;
        this.wake();
      } catch (err) {
        if (this.closed) return;
        this.failing = true;
        this.rebuildWanted = true;
        this.wake(true);
        this.log.error({ err }, 'search index could not follow the catalogue; PostgreSQL answers meanwhile');
        await new Promise((r) => setTimeout(r, RETRY_MS).unref());
      } finally {
        this.rebuilding = false;
      }
    }
  }

  private async held(stage: Stage) {
    if (this.hold) await this.hold(stage);
  }

  private wake(all = false) {
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) {
      if (all || w.want <= this.applied) w.wake();
      else this.waiters.push(w);
    }
  }

  /**
   * What to answer from, fresh as of every change announced before the call; null: ask PostgreSQL (the index's
   * `SearchEngine`, search.engine.ts, answers null then).
   */
  async current(): Promise<IndexSource | null> {
    const want = this.announced;
    if (this.applied < want && this.running && !this.rebuilding && !this.failing) {
      await new Promise<void>((resolve) => {
        const waiter = {
          want,
          wake: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        // Past the bound the waiter leaves and the caller asks PostgreSQL, which has the change.
        const timer = setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve();
        }, WAIT_FOR_INDEX_MS);
        timer.unref();
        this.waiters.push(waiter);
      });
    }
    if (!this.data || !this.reader || this.applied < want || this.rebuilding || this.failing) return null;
    return { data: this.data, reader: this.reader };
  }

  /** Whether searches are answered from the index now (built, not rebuilding, not failing). */
  answering(): boolean {
    return this.data !== null && !this.rebuilding && !this.failing;
  }

  /** Resolves once the index is built and has applied every change announced so far (tests, benchmark). */
  async ready(timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!(await this.current())) {
      if (Date.now() > until) throw new Error('search index not ready');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async close() {
    this.closed = true;
    this.wake(true);
    await this.running?.catch(() => {});
  }
}

/** Per app instance (tests start many in one process): `app.searchIndex`, following `app.readCache`'s changes. */
export const searchIndexPlugin: FastifyPluginAsync = fp(
  async (app) => {
    const index = app.config.searchIndex ? new SearchIndex(app.database.db, app.log) : null;
    app.decorate('searchIndex', index);
    if (!index) return;
    app.readCache.onChange((scope) => {
      if (scope === 'catalogue' || scope === 'resync') index.changed(scope === 'resync');
    });
    // Answered from the index, a search or suggestion is cheaper to build again than to keep (read-cache.ts).
    for (const prefix of ['search:', 'suggest:'])
      app.readCache.cache.keepFromSecondAsk(prefix, () => index.answering());
    app.addHook('onReady', async () => index.start());
    app.addHook('onClose', async () => index.close());
  },
  { name: 'search-index' },
);
