// Both databases: issue #22 asks for its shipping, tax and backorder rules to be proven on PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import {
  allocate,
  freightCents,
  shipmentOf,
  tableOptions,
  type RateTables,
  type RateRequest,
} from './shipping.rates';

const parcel = {
  id: 'p',
  kind: 'parcel' as const,
  name: 'Ground',
  minDays: 2,
  maxDays: 5,
  freeAboveCents: null,
  minChargeCents: 0,
  liftgateCents: 0,
  residentialCents: 0,
};
const ltl = {
  id: 'f',
  kind: 'freight' as const,
  name: 'LTL freight',
  minDays: 3,
  maxDays: 7,
  freeAboveCents: null,
  minChargeCents: 15_000,
  liftgateCents: 7_500,
  residentialCents: 5_000,
};
const free = {
  id: 'x',
  kind: 'free' as const,
  name: 'Free ground',
  minDays: 3,
  maxDays: 6,
  freeAboveCents: 50_000,
  minChargeCents: 0,
  liftgateCents: 0,
  residentialCents: 0,
};
const pickup = {
  id: 'w',
  kind: 'pickup' as const,
  name: 'Will call',
  minDays: 0,
  maxDays: 0,
  freeAboveCents: null,
  minChargeCents: 0,
  liftgateCents: 0,
  residentialCents: 0,
};
const tables: RateTables = {
  methods: [parcel, ltl, free, pickup],
  zones: new Map([
    ['TX', 2],
    ['CA', 8],
  ]),
  parcel: new Map([
    [
      'p',
      [
        { zone: 2, maxWeightGrams: 1000, cents: 900 },
        { zone: 2, maxWeightGrams: 5000, cents: 1500 },
        { zone: 2, maxWeightGrams: 30000, cents: 4000 },
        { zone: 8, maxWeightGrams: 30000, cents: 9000 },
      ],
    ],
  ]),
  freight: new Map([
    [
      'f',
      [
        { freightClass: '85', maxWeightGrams: 226_796, centsPerCwt: 4_000 },
        { freightClass: '85', maxWeightGrams: 2_267_962, centsPerCwt: 3_000 },
        { freightClass: '125', maxWeightGrams: 2_267_962, centsPerCwt: 5_000 },
      ],
    ],
  ]),
  pickups: [
    {
      id: 'l1',
      name: 'Dallas branch',
      street: '1 Main St',
      city: 'Dallas',
      state: 'TX',
      zip: '75201',
      readyHours: 4,
    },
  ],
};
const box = (grams: number, quantity = 1) => ({
  quantity,
  unitWeightGrams: grams,
  shipsAs: 'parcel' as const,
  freightClass: null,
});
const pallet = (grams: number, freightClass: string | null = '85') => ({
  quantity: 1,
  unitWeightGrams: grams,
  shipsAs: 'freight' as const,
  freightClass,
});
const ask = (over: Partial<RateRequest>): RateRequest => ({
  items: [box(500)],
  destination: { state: 'TX', zip: '75201' },
  subtotalCents: 10_000,
  liftgate: false,
  residential: false,
  ...over,
});
const cents = (req: RateRequest, id: string) =>
  tableOptions(tables, req).find((o) => o.optionId === id)?.cents;

describe('parcel rates by weight band and zone', () => {
  it('price a band up to and including its upper bound, the next band one gram above', () => {
    expect(cents(ask({ items: [box(1000)] }), 'p')).toBe(900);
    expect(cents(ask({ items: [box(1001)] }), 'p')).toBe(1500);
    expect(cents(ask({ items: [box(2500, 2)] }), 'p')).toBe(1500);
    expect(cents(ask({ items: [box(5001)] }), 'p')).toBe(4000);
  });
  it('use the destination state’s zone, and offer no parcel above the last band or to a state without a zone', () => {
    expect(cents(ask({ destination: { state: 'CA', zip: '94105' } }), 'p')).toBe(9000);
    expect(cents(ask({ items: [box(30_001)] }), 'p')).toBeUndefined();
    expect(cents(ask({ destination: { state: 'AK', zip: '99501' } }), 'p')).toBeUndefined();
  });
});

describe('LTL freight', () => {
  it('rates by hundredweight at the class and band, never below the minimum charge', () => {
    // 453.59237 kg = 1,000 lb = 10 cwt × $30 = $300.
    expect(cents(ask({ items: [pallet(453_592)] }), 'f')).toBe(30_000);
    expect(freightCents(453_592, 3_000)).toBe(30_000);
    // 100 kg at $40/cwt = $88.19 → the $150 minimum.
    expect(cents(ask({ items: [pallet(100_000)] }), 'f')).toBe(15_000);
  });
  it('add liftgate and residential delivery when chosen', () => {
    const req = ask({ items: [pallet(453_592)], liftgate: true, residential: true });
    expect(cents(req, 'f')).toBe(30_000 + 7_500 + 5_000);
    expect(tableOptions(tables, req).find((o) => o.optionId === 'f')).toMatchObject({
      liftgate: true,
      residential: true,
    });
  });
  it('put parcel items of a mixed cart on the pallet: freight only, their weight added, the highest class', () => {
    const mixed = ask({ items: [pallet(400_000, '85'), box(53_592), pallet(0, '125')] });
    expect(shipmentOf(mixed.items)).toEqual({ grams: 453_592, freight: true, freightClass: '125' });
    expect(cents(mixed, 'p')).toBeUndefined();
    expect(cents(mixed, 'f')).toBe(50_000);
  });
});

describe('free shipping and pickup', () => {
  it('offer free shipping from the threshold up, for parcel carts only', () => {
    expect(cents(ask({ subtotalCents: 49_999 }), 'x')).toBeUndefined();
    expect(cents(ask({ subtotalCents: 50_000 }), 'x')).toBe(0);
    expect(cents(ask({ subtotalCents: 90_000, items: [pallet(100_000)] }), 'x')).toBeUndefined();
  });
  // Issue 39 item 10: a 215 kg machine marked as a parcel was offered "Free ground shipping".
  it('offer free shipping only when the heaviest parcel band holds every unit', () => {
    expect(cents(ask({ subtotalCents: 90_000, items: [box(30_000)] }), 'x')).toBe(0);
    expect(cents(ask({ subtotalCents: 90_000, items: [box(30_001)] }), 'x')).toBeUndefined();
    // Four 10 kg boxes are 40 kg, above every band, but each goes as a parcel of its own.
    expect(cents(ask({ subtotalCents: 90_000, items: [box(10_000, 4)] }), 'x')).toBe(0);
    expect(cents(ask({ subtotalCents: 90_000, items: [box(500), box(30_001)] }), 'x')).toBeUndefined();
    expect(cents(ask({ subtotalCents: 684_900, items: [box(215_000)] }), 'x')).toBeUndefined();
    // A shop without parcel bands states no limit.
    const noBands = { ...tables, parcel: new Map() };
    const heavy = ask({ subtotalCents: 90_000, items: [box(215_000)] });
    expect(tableOptions(noBands, heavy).find((o) => o.optionId === 'x')?.cents).toBe(0);
  });
  it('offer each pickup location free, whatever the cart', () => {
    const option = tableOptions(tables, ask({ items: [pallet(900_000)] })).find((o) => o.kind === 'pickup');
    expect(option).toMatchObject({ optionId: 'w:l1', cents: 0, name: 'Will call: Dallas branch' });
  });
});

describe('allocate', () => {
  it('split a total in proportion, the parts adding up to the cent', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1999, [10_000, 2_500])).toEqual([1599, 400]);
    expect(allocate(7, [0, 0])).toEqual([7, 0]);
    for (const [t, w] of [
      [12_345, [3, 7, 11, 13]],
      [1, [5, 5]],
      [0, [1, 2]],
    ] as const)
      expect(allocate(t, [...w]).reduce((a, b) => a + b, 0)).toBe(t);
  });
});
