import { describe, expect, it } from 'vitest';
import { TypedFastBitSet } from 'typedfastbitset';
import { CardCodec, CardStore, EMPTY_VECTOR, PostingStore, VectorSlabs } from './search-index.store';

// Random updates against plain arrays, enough of them that every store fills its buffer and copies the live data
// out of the dead (the equivalence tests' catalogues are too small to get there).
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

describe('search index storage', () => {
  it('cards: rewritten, removed and added, each reads back as last written', () => {
    const store = new CardStore();
    const model: string[] = [];
    const rnd = random(1);
    const write = (times: number) => {
      for (let i = 0; i < times; i++) {
        const doc = rnd(3_000);
        if (rnd(5) === 0) {
          store.remove(doc);
          model[doc] = '';
        } else {
          const card = JSON.stringify({
            doc,
            i,
            text: 'x'.repeat(rnd(400)),
            unicode: 'Ø 10 µm – 8 bar, ≤ 5 °C',
          });
          store.set(doc, card);
          model[doc] = card;
        }
      }
      for (let doc = 0; doc < 3_100; doc++) expect(store.get(doc)).toBe(model[doc] ?? '');
    };
    write(20_000);
    store.trim();
    write(0);
    write(20_000);
  });

  it('card codec: the same keys in the same order and the same values, fields from the columns when they agree', () => {
    const price = [12.5, 3];
    const category = [{ slug: 'tools', name: 'Tools' }, null];
    const codec = new CardCodec({ price: (doc) => price[doc], category: (doc) => category[doc] });
    const spec = (key: string, value: number | null, valueText: string | null) => ({
      key,
      label: key.toUpperCase(),
      type: 'number',
      unitKind: null,
      unit: 'bar',
      value,
      valueText,
    });
    const cards = [
      {
        name: 'Reel',
        price: 12.5,
        category: { slug: 'tools', name: 'Tools' },
        keySpecs: [spec('pressure', 8, null), spec('weight', 2.5, null), { odd: true }],
        sku: 'A-1',
      },
      // The columns disagree (price) or the field is elsewhere in the key order: kept in the card.
      { price: 4, name: 'Hose', keySpecs: [], category: null, extra: { a: [1, 'ü'] } },
      { keySpecs: [spec('pressure', null, '8 bar')], name: 'Valve', price: 3 },
    ];
    cards.forEach((card, i) => {
      const doc = i % 2;
      const stored = codec.encode(doc, card);
      expect(JSON.stringify(codec.decode(doc, stored))).toBe(JSON.stringify(card));
    });
    expect(codec.encode(0, cards[0]!).length).toBeLessThan(JSON.stringify(cards[0]).length / 2);
    expect(() => codec.decode(0, '')).toThrow(SyntaxError);
  });

  it("card codec: a card's leading strings read off its JSON, else null (the whole card is decoded then)", () => {
    const codec = new CardCodec({ _id: (doc) => `id-${doc}`, price: () => 1 });
    const read = (card: Record<string, unknown>, keys = ['name', 'sku', 'img']) =>
      codec.strings(codec.encode(0, card), keys);
    const tricky = ['say "hi"\\', 'back\\slash\\"', 'Ø 10 µm – 8 bar, ≤ 5 °C', '\u2028 and \n', ''];
    for (const name of tricky)
      for (const desc of [null, 'a, "b"', 12, true])
        expect(read({ _id: 'id-0', name, img: 'i.jpg', price: 1, desc, sku: `S-${name}` }), name).toEqual([
          name,
          `S-${name}`,
          'i.jpg',
        ]);
    // An object or array before a wanted field, a wanted field that is not a string or not stored: null.
    expect(read({ name: 'A', tags: ['x'], sku: 'S', img: 'i' })).toBeNull();
    expect(read({ name: 'A', sku: 7, img: 'i' })).toBeNull();
    expect(read({ name: 'A', img: 'i' })).toBeNull();
    expect(read({ name: 'A', sku: 'S', img: 'i' }, ['_id'])).toBeNull();
    expect(read({ sku: 'S', extra: { a: 1 }, img: 'i', name: 'A' }, ['sku'])).toEqual(['S']);
  });

  it('vectors: a rewritten vector gets a new view, and views held keep their contents', () => {
    const slabs = new VectorSlabs();
    const views: Uint32Array[] = [];
    const model: number[][] = [];
    const held: [Uint32Array, number[]][] = [];
    const rnd = random(2);
    for (let i = 0; i < 60_000; i++) {
      const doc = rnd(2_000);
      slabs.drop(views, doc);
      model[doc] = [0, 0];
      if (rnd(6) === 0) continue;
      const values = Array.from({ length: 2 + rnd(300) }, () => rnd(1 << 30));
      const view = slabs.alloc(values.length);
      view.set(values);
      views[doc] = view;
      model[doc] = values;
      if (rnd(1_000) === 0) held.push([view, values]);
    }
    views.forEach((v, doc) => expect([...v]).toEqual(model[doc]));
    expect(views.filter((v) => v === EMPTY_VECTOR).length).toBeGreaterThan(0);
    for (const [view, values] of held) expect([...view]).toEqual(values);
  });

  it('postings: documents added and removed per word stay sorted and unique, also after trimming', () => {
    const store = new PostingStore();
    const model: Set<number>[] = [];
    const rnd = random(3);
    const check = () =>
      model.forEach((docs, word) => {
        const bits = new TypedFastBitSet();
        store.addTo(word, bits);
        expect(bits.array()).toEqual([...docs].sort((a, b) => a - b));
      });
    for (let doc = 0; doc < 5_000; doc++) {
      for (let k = 0; k < 8; k++) {
        const word = rnd(k < 4 ? 20 : 3_000);
        (model[word] ??= new Set()).add(doc);
        store.add(word, doc);
      }
    }
    store.trim();
    check();
    for (let i = 0; i < 100_000; i++) {
      const word = rnd(3_500);
      const doc = rnd(6_000);
      if (rnd(3) === 0) {
        model[word]?.delete(doc);
        store.remove(word, doc);
      } else {
        (model[word] ??= new Set()).add(doc);
        store.add(word, doc);
      }
    }
    check();
  });
});
