import { freightClasses } from '@shared/common/freight-classes';

/**
 * The built-in shipping rate tables: what each method costs for a shipment and how long it takes. Pure
 * over the tables it is given (shipping.tables.ts reads them), so every band boundary is tested without a database.
 * The rules are docs/decisions/037-shipping-and-tax.md's.
 */

export type ShippingKind = 'parcel' | 'freight' | 'pickup' | 'free';

/** One product line as shipping sees it: units, the weight of one unit (grams, 0 when unknown) and how it goes. */
export interface ShipItem {
  quantity: number;
  unitWeightGrams: number;
  shipsAs: 'parcel' | 'freight';
  freightClass: string | null;
}

export interface ShipDestination {
  state: string;
  zip: string;
}

export interface MethodRow {
  id: string;
  kind: ShippingKind;
  name: string;
  minDays: number;
  maxDays: number;
  freeAboveCents: number | null;
  minChargeCents: number;
  liftgateCents: number;
  residentialCents: number;
}

export interface PickupRow {
  id: string;
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  readyHours: number;
}

/** The admin's tables, active methods and locations only, in their display order. */
export interface RateTables {
  methods: MethodRow[];
  zones: ReadonlyMap<string, number>;
  parcel: ReadonlyMap<string, { zone: number; maxWeightGrams: number; cents: number }[]>;
  freight: ReadonlyMap<string, { freightClass: string; maxWeightGrams: number; centsPerCwt: number }[]>;
  pickups: PickupRow[];
}

export interface RateRequest {
  items: ShipItem[];
  destination: ShipDestination;
  subtotalCents: number;
  liftgate: boolean;
  residential: boolean;
}

/** A way to ship this shipment: its price (surcharges included) and delivery estimate in business days. */
export interface ShippingOption {
  /** `<methodId>` or, for pickup, `<methodId>:<locationId>`: what the buyer sends back to choose it. */
  optionId: string;
  methodId: string;
  kind: ShippingKind;
  name: string;
  cents: number;
  minDays: number;
  maxDays: number;
  pickupLocation?: PickupRow;
  liftgate: boolean;
  residential: boolean;
  /** Freight: what a liftgate and a residential delivery add, asked for or not, so the buyer sees it first. */
  liftgateCents?: number;
  residentialCents?: number;
}

/** NMFC classes, cheapest first: a pallet is rated at the highest class on it. */
export const FREIGHT_CLASSES = freightClasses;

/** A shipment's weight and how it goes: any freight line puts everything on the pallet (one truck, one delivery). */
export function shipmentOf(items: ShipItem[]) {
  let grams = 0;
  let freight = false;
  let classIndex = -1;
  for (const item of items) {
    grams += item.quantity * item.unitWeightGrams;
    if (item.shipsAs === 'freight') {
      freight = true;
      // A freight product without a class is rated as the dearest class: never cheaper than the truth.
      const i = item.freightClass ? FREIGHT_CLASSES.indexOf(item.freightClass as never) : -1;
      classIndex = Math.max(classIndex, i < 0 ? FREIGHT_CLASSES.length - 1 : i);
    }
  }
  return { grams, freight, freightClass: freight ? FREIGHT_CLASSES[classIndex]! : null };
}

/** The band for a weight: the lightest whose upper bound (inclusive) holds it. */
function band<T extends { maxWeightGrams: number }>(rows: T[], grams: number): T | undefined {
  let best: T | undefined;
  for (const r of rows)
    if (r.maxWeightGrams >= grams && (!best || r.maxWeightGrams < best.maxWeightGrams)) best = r;
  return best;
}

const GRAMS_PER_CWT = 45_359_237n; // 100 lb in milligrams: integer arithmetic, no float rounding

/** Freight: ceil(weight in hundredweights × rate), computed in integers. */
export function freightCents(grams: number, centsPerCwt: number): number {
  const milligramsTimesRate = BigInt(grams) * 1000n * BigInt(centsPerCwt);
  return Number((milligramsTimesRate + GRAMS_PER_CWT - 1n) / GRAMS_PER_CWT);
}

/**
 * Free ground is a parcel service: a unit heavier than the heaviest parcel band of the shop's tables (its carrier's
 * limit) cannot go that way, whatever the goods are worth (issue 39: a 215 kg compressor marked as a parcel was
 * offered it). Many light units may: they go as several boxes. A shop with no parcel bands states no limit.
 */
function unitsFitAParcel(tables: RateTables, items: ShipItem[]): boolean {
  const limit = parcelLimitGrams(tables);
  return limit === null || items.every((i) => i.unitWeightGrams <= limit);
}

/** The heaviest parcel band of the shop's tables (what a parcel may weigh), or null when it has none. */
export function parcelLimitGrams(tables: RateTables): number | null {
  let heaviest: number | null = null;
  for (const rows of tables.parcel.values())
    for (const r of rows) heaviest = Math.max(heaviest ?? 0, r.maxWeightGrams);
  return heaviest;
}

export function tableOptions(tables: RateTables, req: RateRequest): ShippingOption[] {
  const shipment = shipmentOf(req.items);
  const zone = tables.zones.get(req.destination.state);
  const out: ShippingOption[] = [];
  for (const m of tables.methods) {
    const base = {
      optionId: m.id,
      methodId: m.id,
      kind: m.kind,
      name: m.name,
      minDays: m.minDays,
      maxDays: m.maxDays,
      liftgate: false,
      residential: false,
    };
    if (m.kind === 'pickup') {
      for (const p of tables.pickups)
        out.push({
          ...base,
          optionId: `${m.id}:${p.id}`,
          name: `${m.name}: ${p.name}`,
          cents: 0,
          pickupLocation: p,
        });
    } else if (m.kind === 'free') {
      if (
        !shipment.freight &&
        unitsFitAParcel(tables, req.items) &&
        m.freeAboveCents !== null &&
        req.subtotalCents >= m.freeAboveCents
      )
        out.push({ ...base, cents: 0 });
    } else if (m.kind === 'parcel') {
      if (shipment.freight || zone === undefined) continue;
      const rate = band(
        (tables.parcel.get(m.id) ?? []).filter((r) => r.zone === zone),
        shipment.grams,
      );
      if (rate) out.push({ ...base, cents: rate.cents });
    } else {
      if (!shipment.freight) continue;
      const rows = (tables.freight.get(m.id) ?? []).filter((r) => r.freightClass === shipment.freightClass);
      const rate = band(rows, shipment.grams);
      if (!rate) continue;
      const cents =
        Math.max(m.minChargeCents, freightCents(shipment.grams, rate.centsPerCwt)) +
        (req.liftgate ? m.liftgateCents : 0) +
        (req.residential ? m.residentialCents : 0);
      out.push({
        ...base,
        cents,
        liftgate: req.liftgate,
        residential: req.residential,
        liftgateCents: m.liftgateCents,
        residentialCents: m.residentialCents,
      });
    }
  }
  return out;
}

/**
 * Splits `total` cents over shares in proportion to `weights` (largest remainder), so the parts always add up to
 * the total exactly: a checkout's shipping and tax become per-line shares that sum to the cent.
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (BigInt(total) * BigInt(w)) / BigInt(sum));
  const parts = exact.map(Number);
  const rem = weights.map((w, i) => ({ i, r: (BigInt(total) * BigInt(w)) % BigInt(sum) }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  rem.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rem) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
