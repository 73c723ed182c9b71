import type { TypedFastBitSet } from 'typedfastbitset';

/*
 * Where the search index keeps its bulk (decision 033, issue 25: memory). One JS string, typed array or object per
 * document or per word costs a header, an ArrayBuffer with its own backing store, and old-space pages the GC
 * leaves fragmented: at 100,000 products that overhead was larger than the data. These keep it in a few large
 * buffers instead. Space given up by an update (a card or vector rewritten, a posting list moved) stays dead until
 * the live data is copied out of it: when a card or posting buffer is full (into one twice the live size), when
 * more than half of the vector slabs is dead, or at the next full build.
 */

export { CardCodec, type Derived } from './search-index.codec';

/** Each document's card, as UTF-8 JSON in one buffer. */
export class CardStore {
  private bytes = Buffer.alloc(0);
  private used = 0;
  private dead = 0;
  private start = new Uint32Array(0);
  private size = new Uint32Array(0);

  /** The card's JSON; '' for a removed document (as the string column held). */
  get(doc: number): string {
    const from = this.start[doc] ?? 0;
    return this.bytes.toString('utf8', from, from + (this.size[doc] ?? 0));
  }

  set(doc: number, json: string) {
    this.remove(doc);
    if (doc >= this.size.length) {
      const cap = Math.max(1024, this.size.length * 2, doc + 1);
      this.start = grown(this.start, cap);
      this.size = grown(this.size, cap);
    }
    const n = Buffer.byteLength(json);
    if (this.used + n > this.bytes.length) this.reserve(n);
    this.bytes.write(json, this.used);
    this.start[doc] = this.used;
    this.size[doc] = n;
    this.used += n;
  }

  remove(doc: number) {
    if (doc >= this.size.length) return;
    this.dead += this.size[doc]!;
    this.size[doc] = 0;
  }

  /** Gives up the spare room (after a full build). */
  trim() {
    this.reallocate(this.used - this.dead);
  }

  private reserve(n: number) {
    this.reallocate(Math.max(1 << 20, 2 * (this.used - this.dead + n)));
  }

  /** Copies the live bytes to a buffer of `capacity`, without the dead ones. */
  private reallocate(capacity: number) {
    // Uninitialised: the pages beyond what is written are never touched, so the room costs no resident memory.
    const next = Buffer.allocUnsafe(capacity);
    if (this.dead === 0) this.bytes.copy(next, 0, 0, this.used);
    else {
      let at = 0;
      for (let doc = 0; doc < this.size.length; doc++) {
        const size = this.size[doc]!;
        if (!size) continue;
        this.bytes.copy(next, at, this.start[doc]!, this.start[doc]! + size);
        this.start[doc] = at;
        at += size;
      }
    }
    this.bytes = next;
    this.used -= this.dead;
    this.dead = 0;
  }
}

/** Words (4 bytes) per slab of vectors. */
const SLAB = 1 << 20;

/** The vector of a document without one (removed, or about to be written again). */
export const EMPTY_VECTOR = new Uint32Array([0, 0]);

/**
 * Each document's packed vector (`SearchIndexData.vectors`) as a view of a shared slab: readers index a document's
 * `Uint32Array` from 0 as before, without an ArrayBuffer per document. A view is not written after it is stored
 * (a rewritten vector gets a new one), so a search still holding an old view reads what it read before.
 */
export class VectorSlabs {
  private slab = new Uint32Array(0);
  private at = 0;
  private live = 0;
  private dead = 0;

  /** A zeroed view of `size` words, to fill before storing it. */
  alloc(size: number): Uint32Array {
    if (this.at + size > this.slab.length) {
      this.slab = new Uint32Array(Math.max(SLAB, size));
      this.at = 0;
    }
    const view = this.slab.subarray(this.at, this.at + size);
    this.at += size;
    this.live += size;
    return view;
  }

  /**
   * Drops a document's vector. When more than half of the slabs is dead, every live vector is copied to new slabs
   * (the old ones are freed once no search holds a view of them).
   */
  drop(views: Uint32Array[], doc: number) {
    const old = views[doc];
    views[doc] = EMPTY_VECTOR;
    if (!old || old === EMPTY_VECTOR) return;
    this.live -= old.length;
    this.dead += old.length;
    if (this.dead <= this.live || this.dead < SLAB) return;
    this.slab = new Uint32Array(0);
    this.at = 0;
    this.live = 0;
    this.dead = 0;
    for (let d = 0; d < views.length; d++) {
      const view = views[d];
      if (!view || view === EMPTY_VECTOR) continue;
      const copy = this.alloc(view.length);
      copy.set(view);
      views[d] = copy;
    }
  }
}

/**
 * Per word (by id), the sorted documents holding it: one list each in a shared array, with room to grow; a list
 * that outgrows its room moves to the end with twice as much.
 */
export class PostingStore {
  private ids = new Uint32Array(0);
  private used = 0;
  private dead = 0;
  private start = new Uint32Array(0);
  private length = new Uint32Array(0);
  private room = new Uint32Array(0);

  /** Adds the word's documents to a bitset. */
  addTo(word: number, into: TypedFastBitSet) {
    const from = this.start[word] ?? 0;
    const to = from + (this.length[word] ?? 0);
    const ids = this.ids;
    for (let i = from; i < to; i++) into.add(ids[i]!);
  }

  add(word: number, doc: number) {
    if (word >= this.length.length) this.growWords(word + 1);
    const len = this.length[word]!;
    let s = this.start[word]!;
    let at = len;
    if (len && this.ids[s + len - 1]! >= doc) {
      at = this.find(s, len, doc);
      if (at < len && this.ids[s + at] === doc) return;
    }
    if (len === this.room[word]) {
      this.move(word, Math.max(4, len * 2));
      s = this.start[word]!;
    }
    this.ids.copyWithin(s + at + 1, s + at, s + len);
    this.ids[s + at] = doc;
    this.length[word] = len + 1;
  }

  remove(word: number, doc: number) {
    const len = this.length[word] ?? 0;
    const s = this.start[word] ?? 0;
    const at = this.find(s, len, doc);
    if (at >= len || this.ids[s + at] !== doc) return;
    this.ids.copyWithin(s + at, s + at + 1, s + len);
    this.length[word] = len - 1;
  }

  /** Gives up every list's spare room (after a full build, when lists only grew). */
  trim() {
    this.repack(0, true);
  }

  private find(s: number, len: number, doc: number): number {
    let lo = 0;
    let hi = len;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[s + mid]! < doc) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private move(word: number, room: number) {
    if (this.used + room > this.ids.length) this.repack(room, false);
    const s = this.start[word]!;
    this.ids.copyWithin(this.used, s, s + this.length[word]!);
    this.dead += this.room[word]!;
    this.start[word] = this.used;
    this.room[word] = room;
    this.used += room;
  }

  /** Copies the lists, without the dead space, to a new array with `extra` free (or none: `tight`, rooms trimmed). */
  private repack(extra: number, tight: boolean) {
    const n = this.length.length;
    if (tight) this.room.set(this.length);
    let live = 0;
    for (let w = 0; w < n; w++) live += this.room[w]!;
    const next = new Uint32Array(tight ? live : Math.max(1 << 16, 2 * (live + extra)));
    let at = 0;
    for (let w = 0; w < n; w++) {
      const s = this.start[w]!;
      const len = this.length[w]!;
      if (len) next.set(this.ids.subarray(s, s + len), at);
      this.start[w] = at;
      at += this.room[w]!;
    }
    this.ids = next;
    this.used = at;
    this.dead = 0;
  }

  private growWords(n: number) {
    const cap = Math.max(1024, this.length.length * 2, n);
    this.start = grown(this.start, cap);
    this.length = grown(this.length, cap);
    this.room = grown(this.room, cap);
  }
}

function grown(a: Uint32Array, cap: number): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(cap);
  next.set(a);
  return next;
}
