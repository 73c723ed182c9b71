import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import type { TextQuery } from './search.terms';
import type { SearchIndexData } from './search-index.data';
import { byteCompare, SIMILARITY_THRESHOLD, similarityOf, trigrams, type Operand } from './search-index.text';
import {
  CACHE_LIMIT,
  type IndexTextQuery,
  RANKED_CACHE_DOCS,
  RANK_SLICE,
  type Ranked,
  plainWords,
  quote,
  rankedOf,
} from './search-index.words';
import { ranker, sortedHas, textDocs } from './search-index.match';

/** Query-side helpers with their caches: one per index data (their answers depend on its vocabulary). */
export class QueryReader {
  private words = new Map<string, { word: string; pos: number }[]>();
  private similar = new Map<string, string[]>();
  private similarVersion = -1;
  private scratch = new Uint16Array(0);
  private ranked = new Map<string, Ranked>();
  private rankedSize = 0;
  private rankedVersion = -1;
  private pending = new Map<string, Promise<void>>();
  /** The last ranking queued (`prepare`): the next one starts after it. */
  private ranking: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly data: SearchIndexData,
    /** Documents ranked between two yields by `prepare` (tests make it small to rank a small catalogue in slices). */
    private readonly rankSlice = RANK_SLICE,
  ) {}

  /**
   * The buyer's words as `to_tsvector('simple', q)` reads them: letters-and-digits-only queries are split here
   * (the parser's asciiword / numword / uint tokens), anything else is asked of PostgreSQL once and remembered.
   */
  private async wordsOf(q: string): Promise<{ word: string; pos: number }[]> {
    const plain = plainWords(q.toLowerCase());
    if (plain) return plain;
    const known = this.words.get(q);
    if (known) return known;
    const { rows } = await this.db.execute<{ word: string; pos: number }>(sql`
      select w.lexeme as word, (select max(p) from unnest(w.positions) p)::int as pos
      from unnest(to_tsvector('simple', ${q})) w`);
    if (this.words.size >= CACHE_LIMIT) this.words.clear();
    this.words.set(q, rows);
    return rows;
  }

  /** Up to three vocabulary words with pg_trgm similarity ≥ 0.3, most similar first, ties in byte order. */
  similarTo(word: string): string[] {
    const data = this.data;
    if (this.similarVersion !== data.vocabularyVersion) {
      this.similar.clear();
      this.similarVersion = data.vocabularyVersion;
    }
    const cached = this.similar.get(word);
    if (cached) return cached;
    const mine = trigrams(word);
    // Shared trigrams per vocabulary word, counted in a scratch array. A word needs at least `least` shared
    // trigrams to reach the threshold (similarity ≤ shared / mine.size), so it is in one of the shortest
    // `mine.size - least + 1` lists: those propose candidates, the longer ones (common trigrams, listing much of the
    // vocabulary) are only probed for them (lists are in word id order).
    if (this.scratch.length < data.wordById.length) this.scratch = new Uint16Array(data.wordById.length * 2);
    const counts = this.scratch;
    const lists = [...mine].map((g) => data.trigramIndex.get(g) ?? []).sort((a, b) => a.length - b.length);
    let least = 1;
    while (least < mine.size && similarityOf(least, mine.size, least) < SIMILARITY_THRESHOLD) least++;
    const proposing = Math.max(1, mine.size - least + 1);
    const touched: number[] = [];
    lists.forEach((list, i) => {
      if (i < proposing) {
        for (const id of list) {
          if (counts[id] === 0) touched.push(id);
          counts[id]!++;
        }
      } else for (const id of touched) if (sortedHas(list, id)) counts[id]!++;
    });
    const found: { text: string; sim: number }[] = [];
    for (const id of touched) {
      const sim = similarityOf(counts[id]!, mine.size, data.trigramCount[id]!);
      counts[id] = 0;
      if (sim >= SIMILARITY_THRESHOLD) found.push({ text: data.wordById[id]!.text, sim });
    }
    found.sort((a, b) => b.sim - a.sim || byteCompare(a.text, b.text));
    const out = found.slice(0, 3).map((f) => f.text);
    if (this.similar.size >= CACHE_LIMIT) this.similar.clear();
    this.similar.set(word, out);
    return out;
  }

  /**
   * The documents a text matches (before any other filter), in relevance order with their keys. Remembered per
   * text until the index changes: typing, paging and clicking filters repeat the text with other filters.
   */
  textMatches(text: IndexTextQuery): Ranked {
    const key = this.current(text);
    const known = this.ranked.get(key);
    if (known) {
      this.ranked.delete(key);
      this.ranked.set(key, known);
      return known;
    }
    const found = textDocs(this.data, text);
    const docs = found.array();
    const rank = ranker(this.data, text);
    return this.remember(key, rankedOf(this.data, found, docs, Float64Array.from(docs, rank)));
  }

  /**
   * Computes a text's ranked matches ahead of `textMatches`, a slice of documents at a time with a yield between
   * slices, when it matches many: a short prefix (`we`) can match most of the catalogue, and ranking all of it at
   * once would hold every other request for a tenth of a second. Concurrent callers share one computation, and one
   * ranking runs at a time: a burst of such texts (every two-letter SKU family typed at once) then costs the other
   * requests one slice per turn of the event loop, not one slice per text. If the index changes meanwhile the work
   * is dropped, and `textMatches` computes it at once.
   */
  async prepare(text: IndexTextQuery): Promise<void> {
    const key = this.current(text);
    if (this.ranked.has(key)) return;
    let running = this.pending.get(key);
    if (!running) {
      const data = this.data;
      const found = textDocs(data, text);
      const docs = found.array();
      const rank = ranker(data, text);
      // Few matches: ranked at once, as `textMatches` would.
      if (docs.length <= this.rankSlice) {
        this.remember(key, rankedOf(data, found, docs, Float64Array.from(docs, rank)));
        return;
      }
      const version = data.changes;
      running = this.ranking
        .then(async () => {
          const keys = new Float64Array(docs.length);
          for (let from = 0; from < docs.length; from += this.rankSlice) {
            await new Promise((resolve) => setImmediate(resolve));
            if (data.changes !== version) return;
            const to = Math.min(docs.length, from + this.rankSlice);
            for (let i = from; i < to; i++) keys[i] = rank(docs[i]!);
          }
          this.current(text);
          this.remember(key, rankedOf(data, found, docs, keys));
        })
        .finally(() => this.pending.delete(key));
      this.ranking = running.catch(() => {});
      this.pending.set(key, running);
    }
    await running;
  }

  /** The cache key of a text, after forgetting what an earlier version of the index ranked. */
  private current(text: IndexTextQuery): string {
    if (this.rankedVersion !== this.data.changes) {
      this.ranked.clear();
      this.rankedSize = 0;
      this.rankedVersion = this.data.changes;
    }
    return `${text.tsquery}\u0000${text.sku}`;
  }

  private remember(key: string, entry: Ranked): Ranked {
    this.ranked.set(key, entry);
    this.rankedSize += entry.docs.length;
    for (const [k, v] of this.ranked) {
      if (this.rankedSize <= RANKED_CACHE_DOCS) break;
      this.ranked.delete(k);
      this.rankedSize -= v.docs.length;
    }
    return entry;
  }

  private prefixed(word: string): boolean {
    for (const w of this.data.withPrefix(word)) if (w.term) return true;
    return false;
  }

  /** What `parseTextQuery` does in SQL, from the index's vocabulary (`correct` as there). */
  async parse(q: string, { correct = true }: { correct?: boolean } = {}): Promise<IndexTextQuery> {
    const sku = q.trim().toLowerCase();
    const words = [...(await this.wordsOf(q))].sort((a, b) => a.pos - b.pos);
    const corrections: TextQuery['corrections'] = [];
    const parts: string[] = [];
    const groups: Operand[][] = [];
    let matchable = words.length > 0;
    words.forEach(({ word }, i) => {
      const last = i === words.length - 1;
      if (last && this.prefixed(word)) {
        parts.push(`${quote(word)}:*`);
        groups.push([{ text: word, prefix: true }]);
      } else if (this.data.words.get(word)?.term) {
        parts.push(quote(word));
        groups.push([{ text: word, prefix: false }]);
      } else if (!correct) {
        matchable = false;
      } else {
        const similar = this.similarTo(word);
        corrections.push({ term: word, suggestions: similar });
        if (similar.length) {
          parts.push(`(${similar.map(quote).join(' | ')})`);
          groups.push(similar.map((text) => ({ text, prefix: false })));
        } else matchable = false;
      }
    });
    return {
      tsquery: matchable ? parts.join(' & ') : null,
      sku,
      corrections,
      groups: matchable ? groups : [],
    };
  }
}
