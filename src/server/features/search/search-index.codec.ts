/*
 * How the search index compacts a product card (decision 033, issue 25: memory): the fields its columns give back
 * are left out, and key specs keep their definitions once. `CardStore` keeps the result.
 */

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
