import type { RateTables } from '../features/shipping/index';
import type { TaxRateRow } from '../features/tax/index';
import type { ProductFacts, SaleFacts } from '../features/pricing/index';

/**
 * Facts for pricing tests without a database: two parcel methods (ground in zones 1–2, express in zone 1), LTL
 * freight (classes 85 and 500, $150 minimum, liftgate $75, residential $50), free shipping from $500 and will call
 * at a Dallas dock; Texas 6.25 % (Dallas ZIPs 752: 8.25 %) with shipping taxed, California 7.25 % without.
 */
export const method = (id: string, kind: 'parcel' | 'freight' | 'free' | 'pickup', extra: object = {}) => ({
  id,
  kind,
  name: id,
  minDays: 1,
  maxDays: 5,
  freeAboveCents: null,
  minChargeCents: 0,
  liftgateCents: 0,
  residentialCents: 0,
  ...extra,
});
export const dock = {
  id: 'dock',
  name: 'Dallas',
  street: '1 Dock',
  city: 'Dallas',
  state: 'TX',
  zip: '75207',
  readyHours: 4,
};
export const LB = 454; // grams, near enough for the bands
export const rates: RateTables = {
  methods: [
    method('ground', 'parcel'),
    method('express', 'parcel'),
    method('ltl', 'freight', { minChargeCents: 15_000, liftgateCents: 7_500, residentialCents: 5_000 }),
    method('free', 'free', { freeAboveCents: 50_000 }),
    method('willcall', 'pickup'),
  ],
  zones: new Map([
    ['TX', 1],
    ['CA', 2],
  ]),
  parcel: new Map([
    [
      'ground',
      [
        { zone: 1, maxWeightGrams: 10 * LB, cents: 1_000 },
        { zone: 1, maxWeightGrams: 70 * LB, cents: 3_000 },
        { zone: 2, maxWeightGrams: 70 * LB, cents: 4_000 },
      ],
    ],
    ['express', [{ zone: 1, maxWeightGrams: 70 * LB, cents: 5_000 }]],
  ]),
  freight: new Map([
    [
      'ltl',
      [
        { freightClass: '85', maxWeightGrams: 10_000 * LB, centsPerCwt: 20_000 },
        { freightClass: '500', maxWeightGrams: 10_000 * LB, centsPerCwt: 90_000 },
      ],
    ],
  ]),
  pickups: [dock],
};
export const taxRates: TaxRateRow[] = [
  { state: 'TX', zipPrefix: '', ratePpm: 62_500, shippingTaxable: true },
  { state: 'TX', zipPrefix: '752', ratePpm: 82_500, shippingTaxable: true },
  { state: 'CA', zipPrefix: '', ratePpm: 72_500, shippingTaxable: false },
];
export const product = (over: Partial<ProductFacts> = {}): ProductFacts => ({
  name: 'Widget',
  priceCents: 1_000,
  breaks: [],
  contractCents: null,
  unitWeightGrams: LB,
  shipsAs: 'parcel',
  freightClass: null,
  ...over,
});
export const factsOf = (
  products: Record<string, ProductFacts>,
  over: Partial<SaleFacts> = {},
): SaleFacts => ({
  products: new Map(Object.entries(products)),
  rates,
  taxRates,
  exemptions: [],
  ...over,
});
export const dallas = { state: 'TX', zip: '75201', from: 'address' as const };
export const houston = { state: 'TX', zip: '77002', from: 'address' as const };
export const la = { state: 'CA', zip: '90012', from: 'address' as const };
