import { TypedFastBitSet } from 'typedfastbitset';
import { PostingStore } from './search-index.store';
import { byteCompare, trigrams } from './search-index.text';

export interface Word {
  id: number;
  text: string;
  /** In search_terms: the "did you mean" vocabulary, which only grows. */
  term: boolean;
}

/**
 * The words of the search index: product lexemes and the search_terms vocabulary together, sorted for prefix
 * ranges, with the documents holding each word and a trigram index of the vocabulary for typo corrections.
 */
export abstract class SearchVocabulary {
  words = new Map<string, Word>();
  wordById: Word[] = [];
  /** By word id: the live documents whose vector holds it. */
  protected postings = new PostingStore();
  sorted: string[] = [];
  trigramIndex = new Map<string, number[]>();
  trigramCount: number[] = [];
  /** Bumped when the vocabulary grows (typo corrections cached for the old one are dropped). */
  vocabularyVersion = 0;

  /** The word, added (to the sorted list too) when new. */
  word(text: string): Word {
    let w = this.words.get(text);
    if (w) return w;
    w = { id: this.wordById.length, text, term: false };
    this.words.set(text, w);
    this.wordById.push(w);
    if (this.building) this.sorted.push(text);
    else {
      this.sorted.splice(lowerBound(this.sorted, text), 0, text);
      this.ranks = null;
    }
    return w;
  }

  private ranks: Int32Array | null = null;

  /** Each word's place in byte order (by word id): vectors list their words in this order. */
  wordRanks(): Int32Array {
    if (this.ranks) return this.ranks;
    const ranks = new Int32Array(this.wordById.length);
    this.sorted.forEach((text, i) => {
      ranks[this.words.get(text)!.id] = i;
    });
    this.ranks = ranks;
    return ranks;
  }

  /** The places in byte order of the words an operand matches: [from, to). */
  rankRange(text: string, prefix: boolean): [number, number] {
    const from = lowerBound(this.sorted, text);
    let to = from;
    if (prefix) while (to < this.sorted.length && this.sorted[to]!.startsWith(text)) to++;
    else if (this.sorted[from] === text) to = from + 1;
    return [from, to];
  }

  protected building = true;

  /** Ends the bulk load: sorts the words once and indexes the vocabulary's trigrams. */
  protected endBulkLoad() {
    this.sorted.sort(byteCompare);
    for (const w of this.wordById) if (w.term) this.indexTrigrams(w);
    // Lists grown by push keep spare capacity: exact copies.
    for (const [g, list] of this.trigramIndex) this.trigramIndex.set(g, list.slice());
    this.postings.trim();
    this.building = false;
  }

  protected indexTrigrams(w: Word) {
    const t = trigrams(w.text);
    this.trigramCount[w.id] = t.size;
    for (const g of t) {
      const list = this.trigramIndex.get(g);
      if (list) list.push(w.id);
      else this.trigramIndex.set(g, [w.id]);
    }
  }

  /** The words starting with `prefix`, in byte order. */
  *withPrefix(prefix: string): Generator<Word> {
    for (let i = lowerBound(this.sorted, prefix); i < this.sorted.length; i++) {
      const text = this.sorted[i]!;
      if (!text.startsWith(prefix)) break;
      yield this.words.get(text)!;
    }
  }

  /** Documents per word, as a bitset. */
  docsOf(w: Word, into = new TypedFastBitSet()): TypedFastBitSet {
    this.postings.addTo(w.id, into);
    return into;
  }
}

/** The first index whose string is not below `s` (byte order). */
function lowerBound(sorted: string[], s: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (byteCompare(sorted[mid]!, s) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
