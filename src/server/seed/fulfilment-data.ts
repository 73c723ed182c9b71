/**
 * Demo shipping methods, parcel zones, a pickup location and sales tax rates for a fresh shop (the warehouse is in
 * Dallas, TX). ILLUSTRATIVE ONLY: the prices are made up and the tax rates are rough, real-ish state rates with a few
 * city ZIP prefixes, not tax advice; a shop must set its own rates and check its own obligations. The admin page
 * (/dashboard/shipping) says so too. Pure data, with the shop's shared constants.
 */
import { freightClasses } from '@shared/common/freight-classes';
import { GRAMS_PER_LB } from '@shared/catalogue/product-shipping';
import { centsToDollars, dollarsToCents } from '@shared/common/money';

export const lbToGrams = (lb: number) => Math.round(lb * GRAMS_PER_LB);

export interface DemoMethod {
  kind: 'parcel' | 'freight' | 'pickup' | 'free';
  name: string;
  position: number;
  minDays: number;
  maxDays: number;
  freeAboveCents?: number;
  minChargeCents?: number;
  liftgateCents?: number;
  residentialCents?: number;
  parcelRates?: { zone: number; maxWeightGrams: number; cents: number }[];
  freightRates?: { freightClass: string; maxWeightGrams: number; centsPerCwt: number }[];
}

/** Parcel weight bands (lb): heavier than 70 lb goes by freight. */
const PARCEL_BANDS_LB = [1, 2, 5, 10, 20, 30, 50, 70];
const ZONES = [1, 2, 3, 4, 5, 6, 7, 8];

/** A price ending in 95 cents: a base per zone plus a price per pound that grows with the zone. */
const parcelTable = (base: number, baseStep: number, perLb: number, perLbStep: number) =>
  ZONES.flatMap((zone) =>
    PARCEL_BANDS_LB.map((lb) => {
      const raw = base + (zone - 1) * baseStep + lb * (perLb + (zone - 1) * perLbStep);
      return {
        zone,
        maxWeightGrams: lbToGrams(lb),
        cents: dollarsToCents(Math.ceil(centsToDollars(raw))) - 5,
      };
    }),
  );

const FREIGHT_CLASSES = freightClasses;
/** LTL bands: up to 500 lb, 2,000 lb and 10,000 lb; heavier shipments pay less per hundredweight. */
const FREIGHT_BANDS = [
  { lb: 500, factor: 1 },
  { lb: 2000, factor: 0.8 },
  { lb: 10_000, factor: 0.62 },
];
const freightTable = () =>
  FREIGHT_CLASSES.flatMap((freightClass) =>
    FREIGHT_BANDS.map(({ lb, factor }) => ({
      freightClass,
      maxWeightGrams: lbToGrams(lb),
      // $40/cwt for class 50 up to 500 lb; a higher class (lighter for its size) costs more.
      centsPerCwt: Math.round((4000 * (Number(freightClass) / 50) ** 0.75 * factor) / 5) * 5,
    })),
  );

export const demoShippingMethods: DemoMethod[] = [
  { kind: 'free', name: 'Free ground shipping', position: 0, minDays: 3, maxDays: 7, freeAboveCents: 50_000 },
  {
    kind: 'parcel',
    name: 'Ground parcel',
    position: 10,
    minDays: 2,
    maxDays: 5,
    parcelRates: parcelTable(800, 150, 60, 15),
  },
  {
    kind: 'parcel',
    name: 'Express parcel',
    position: 20,
    minDays: 1,
    maxDays: 2,
    parcelRates: parcelTable(2200, 300, 150, 30),
  },
  {
    kind: 'freight',
    name: 'LTL freight',
    position: 30,
    minDays: 3,
    maxDays: 7,
    minChargeCents: 15_000,
    liftgateCents: 7_500,
    residentialCents: 5_000,
    freightRates: freightTable(),
  },
  { kind: 'pickup', name: 'Will-call pickup', position: 40, minDays: 0, maxDays: 0 },
];

/** The shop's own warehouse, where will-call orders are collected. */
export const demoPickupLocations = [
  {
    name: 'Dallas warehouse',
    street: '2400 Industrial Blvd',
    city: 'Dallas',
    state: 'TX',
    zip: '75207',
    readyHours: 4,
    position: 0,
  },
];

/** Parcel zones by rough distance from Dallas: 1 is Texas, 8 Alaska and Hawaii. */
const ZONE_STATES: Record<number, string[]> = {
  1: ['TX'],
  2: ['OK', 'LA', 'AR'],
  3: ['NM', 'KS', 'MS', 'MO', 'TN', 'AL'],
  4: ['CO', 'NE', 'IA', 'IL', 'KY', 'GA', 'FL'],
  5: ['AZ', 'UT', 'WY', 'SD', 'MN', 'WI', 'IN', 'OH', 'SC', 'NC', 'WV', 'VA'],
  6: ['NV', 'ID', 'MT', 'ND', 'MI', 'PA', 'MD', 'DC', 'DE', 'NJ', 'NY'],
  7: ['CA', 'OR', 'WA', 'CT', 'RI', 'MA', 'VT', 'NH', 'ME'],
  8: ['AK', 'HI'],
};
export const demoZones = Object.entries(ZONE_STATES).flatMap(([zone, states]) =>
  states.map((state) => ({ state, zone: Number(zone) })),
);

/**
 * Illustrative state-level sales tax rates (percent), roughly the states' own rates without local taxes; 0 where the
 * state has no general sales tax. Not tax advice.
 */
const STATE_RATES: Record<string, number> = {
  AL: 4,
  AK: 0,
  AZ: 5.6,
  AR: 6.5,
  CA: 7.25,
  CO: 2.9,
  CT: 6.35,
  DE: 0,
  DC: 6,
  FL: 6,
  GA: 4,
  HI: 4,
  ID: 6,
  IL: 6.25,
  IN: 7,
  IA: 6,
  KS: 6.5,
  KY: 6,
  LA: 5,
  ME: 5.5,
  MD: 6,
  MA: 6.25,
  MI: 6,
  MN: 6.875,
  MS: 7,
  MO: 4.225,
  MT: 0,
  NE: 5.5,
  NV: 6.85,
  NH: 0,
  NJ: 6.625,
  NM: 4.875,
  NY: 4,
  NC: 4.75,
  ND: 5,
  OH: 5.75,
  OK: 4.5,
  OR: 0,
  PA: 6,
  RI: 7,
  SC: 6,
  SD: 4.2,
  TN: 7,
  TX: 6.25,
  UT: 6.1,
  VT: 6,
  VA: 5.3,
  WA: 6.5,
  WV: 6,
  WI: 5,
  WY: 4,
};
/** States that (roughly) tax delivery charges on a taxable sale; illustrative. */
const SHIPPING_TAXABLE = new Set([
  'AR',
  'CT',
  'GA',
  'HI',
  'IN',
  'KS',
  'KY',
  'MI',
  'MN',
  'MS',
  'NE',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'VT',
  'WA',
  'WV',
  'WI',
]);
/** A few cities' combined rates by ZIP prefix (the longest matching prefix wins over the state's row). */
const ZIP_RATES = [
  { state: 'TX', zipPrefix: '752', percent: 8.25 },
  { state: 'TX', zipPrefix: '770', percent: 8.25 },
  { state: 'NY', zipPrefix: '100', percent: 8.875 },
  { state: 'IL', zipPrefix: '606', percent: 10.25 },
  { state: 'CA', zipPrefix: '900', percent: 9.5 },
];

/** Rows for tax_rates: rate in parts per million (8.25 % → 82 500). */
export const demoTaxRates = [
  ...Object.entries(STATE_RATES).map(([state, percent]) => ({ state, zipPrefix: '', percent })),
  ...ZIP_RATES,
].map(({ state, zipPrefix, percent }) => ({
  state,
  zipPrefix,
  ratePpm: Math.round(percent * 10_000),
  shippingTaxable: SHIPPING_TAXABLE.has(state),
}));
