import type { TypedFastBitSet } from 'typedfastbitset';

/*
 * Where the search index keeps its bulk (decision 033, issue 25: memory). One JS string, typed array or object per
 * document or per word costs a header, an ArrayBuffer with its own backing store, and old-space pages the GC
 * leaves fragmented: at 100,000 products that overhead was larger than the data. These keep it in a few large
 * buffers instead. Space given up by an update (a card or vector rewritten, a posting list moved) stays dead until
 * the live data is copied out of it: when a card or posting buffer is full (into one twice the live size), when
 * more than half of the vector slabs is dead, or at the next full build.
 */

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

/** A card field the index's columns hold, as the card would have it: the document's id, price, stock… */
export type Derived = (doc: number) => unknown;

/** The card field whose entries' definitions (all but `value` and `valueText`) are kept once each. */
const SPECS = 'keySpecs';
/** Past this many definitions, specs are stored whole: the scan stays short whatever the data. */
const MAX_DEFINITIONS = 1_000;

/**
 * Cards in a compact JSON form, about 40% of the card's own: a card's fields that the columns give back exactly
 * are left out, the other values are kept in an array in the card's key order behind the number of its shape (its
 * keys, and which come from the columns), and each key spec keeps the number of its definition with its value. A
 * card read back has the same keys in the same order as the one written, and the same values (a field from the
 * columns as they are when it is read: the category as the categories are named now).
 */
export class CardCodec {
  private shapes: Shape[] = [];
  private defs: Record<string, unknown>[] = [];

  constructor(private readonly derived: Record<string, Derived>) {}

  encode(doc: number, card: Record<string, unknown>): string {
    const keys = Object.keys(card);
    const derived = keys.map((k) => {
      const derive = this.derived[k];
      return derive && same(derive(doc), card[k]) ? derive : null;
    });
    // A handful of shapes at most (a product without a category, a future field): a scan finds them.
    let shape = this.shapes.findIndex((s) => sameList(s.keys, keys) && sameList(s.derived, derived));
    if (shape < 0) {
      const stored = new Map(keys.filter((_, i) => !derived[i]).map((k, place) => [k, place]));
      shape = this.shapes.push({ keys, derived, stored }) - 1;
    }
    const out: unknown[] = [shape];
    keys.forEach((k, i) => {
      if (derived[i]) return;
      out.push(k === SPECS && Array.isArray(card[k]) ? card[k].map((s) => this.encodeSpec(s)) : card[k]);
    });
    return JSON.stringify(out);
  }

  decode(doc: number, json: string): Record<string, unknown> {
    const stored = JSON.parse(json) as unknown[];
    const { keys, derived } = this.shapes[stored[0] as number]!;
    const card: Record<string, unknown> = {};
    let at = 1;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const derive = derived[i];
      if (derive) card[key] = derive(doc);
      else {
        const value = stored[at++];
        card[key] = key === SPECS && Array.isArray(value) ? value.map((s) => this.decodeSpec(s)) : value;
      }
    }
    return card;
  }

  /**
   * Some string fields of a stored card, read off its JSON without parsing the rest (a navbar suggestion shows the
   * name, image and SKU of up to ten products): each is found by its place among the stored values, which the
   * card's shape gives. Null when one of them is not stored as a string or an object or array comes before it: the
   * caller decodes the whole card then.
   */
  strings(json: string, keys: readonly string[]): string[] | null {
    const comma = json.indexOf(',');
    const shape = json[0] === '[' && comma > 1 ? this.shapes[Number(json.slice(1, comma))] : undefined;
    if (!shape) return null;
    const places = keys.map((k) => shape.stored.get(k) ?? -1);
    if (places.includes(-1)) return null;
    const last = Math.max(...places);
    const found: string[] = [];
    let at = comma + 1;
    for (let place = 0; place <= last; place++) {
      if (json[at] === '"') {
        let end = json.indexOf('"', at + 1);
        while (end > 0 && escaped(json, end)) end = json.indexOf('"', end + 1);
        if (end < 0) return null;
        if (places.includes(place)) found[place] = JSON.parse(json.slice(at, end + 1)) as string;
        at = end + 2;
      } else {
        // A number, true, false or null (no comma inside), then the next value: a wanted one must be a string.
        const end = json.indexOf(',', at);
        if (end < 0 || places.includes(place) || json[at] === '{' || json[at] === '[') return null;
        at = end + 1;
      }
    }
    return places.map((p) => found[p]!);
  }

  /** A spec with a value and a definition: [definition number, value, valueText]; anything else as it is. */
  private encodeSpec(spec: unknown): unknown {
    if (!isRecord(spec) || !('value' in spec) || !('valueText' in spec)) return { spec };
    // As many definitions as spec attributes (and their edits since the build): a scan finds them.
    let n = this.defs.findIndex((def) => sameDefinition(def, spec));
    if (n < 0) {
      if (this.defs.length >= MAX_DEFINITIONS || Object.values(spec).some((v) => typeof v === 'object' && v))
        return { spec };
      n = this.defs.push({ ...spec, value: null, valueText: null }) - 1;
    }
    return [n, spec.value, spec.valueText];
  }

  private decodeSpec(stored: unknown): unknown {
    if (!Array.isArray(stored)) return (stored as { spec: unknown }).spec;
    // The definition's own keys, in order, with the value and valueText in their places.
    return { ...this.defs[stored[0] as number], value: stored[1], valueText: stored[2] };
  }
}

interface Shape {
  keys: string[];
  /** Per key, how the columns give it back, or null: the value is stored. */
  derived: (Derived | null)[];
  /** The stored keys' places among the stored values. */
  stored: Map<string, number>;
}

/** Whether the quote at `at` in a JSON text is escaped (an odd number of backslashes before it). */
function escaped(json: string, at: number): boolean {
  let n = 0;
  while (json[at - 1 - n] === '\\') n++;
  return n % 2 === 1;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const sameList = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether a value from the columns is the card's: equal, or objects with the same keys in order and equal values. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return sameList(keys, Object.keys(b)) && keys.every((k) => a[k] === b[k]);
}

/** Whether a spec has this definition: the same keys in order, and equal values but for the value itself. */
function sameDefinition(def: Record<string, unknown>, spec: Record<string, unknown>): boolean {
  const keys = Object.keys(def);
  return (
    sameList(keys, Object.keys(spec)) &&
    keys.every((k) => k === 'value' || k === 'valueText' || def[k] === spec[k])
  );
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
