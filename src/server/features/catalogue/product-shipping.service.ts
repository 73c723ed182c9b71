import { inArray, sql } from 'drizzle-orm';
import {
  gramsToLb,
  inToMm,
  lbToGrams,
  mmToIn,
  type ProductShipping,
} from '@shared/catalogue/product-shipping';
import type { ProductUpdate } from '@shared/catalogue/catalogue.schema';
import { products, productSpecs, specAttributes } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';

type ProductRow = typeof products.$inferSelect;

/** The API's pounds and inches as the columns' whole grams and millimetres (only the fields given; null clears). */
export function shippingColumns(p: ProductUpdate) {
  const mm = (v: number | null | undefined) => (v === null || v === undefined ? null : inToMm(v));
  return {
    ...(p.shippingWeightLb !== undefined && {
      shippingWeightGrams: p.shippingWeightLb === null ? null : lbToGrams(p.shippingWeightLb),
    }),
    ...(p.lengthIn !== undefined && { lengthMm: mm(p.lengthIn) }),
    ...(p.widthIn !== undefined && { widthMm: mm(p.widthIn) }),
    ...(p.heightIn !== undefined && { heightMm: mm(p.heightIn) }),
    ...(p.shipsAs !== undefined && { shipsAs: p.shipsAs }),
    ...(p.freightClass !== undefined && { freightClass: p.freightClass }),
    ...(p.backorderable !== undefined && { backorderable: p.backorderable }),
    ...(p.leadTimeDays !== undefined && { leadTimeDays: p.leadTimeDays }),
  };
}

/** A product row's shipping data as the API reads it. */
export function toShipping(
  row: Pick<
    ProductRow,
    | 'shippingWeightGrams'
    | 'lengthMm'
    | 'widthMm'
    | 'heightMm'
    | 'shipsAs'
    | 'freightClass'
    | 'backorderable'
    | 'leadTimeDays'
  >,
): ProductShipping {
  const inches = (v: number | null) => (v === null ? null : mmToIn(v));
  return {
    shippingWeightLb: row.shippingWeightGrams === null ? null : gramsToLb(row.shippingWeightGrams),
    lengthIn: inches(row.lengthMm),
    widthIn: inches(row.widthMm),
    heightIn: inches(row.heightMm),
    shipsAs: row.shipsAs,
    freightClass: row.freightClass,
    backorderable: row.backorderable,
    leadTimeDays: row.leadTimeDays,
  };
}

/** Grams in one unit of a mass spec; canonical mass specs are kilograms (src/shared/catalogue/units.ts). */
const GRAMS_PER_UNIT: Record<string, number> = {
  kg: 1000,
  g: 1,
  lb: 453.59237,
  lbs: 453.59237,
  oz: 28.349523125,
};

/** A spec value as a weight in grams, or null when it is not a usable weight. */
export function specGrams(spec: { value: number | null; unit: string | null; unitKind: string | null }) {
  if (spec.value === null || !Number.isFinite(spec.value) || spec.value <= 0) return null;
  const unit = spec.unit?.trim().toLowerCase();
  const factor =
    unit && unit in GRAMS_PER_UNIT ? GRAMS_PER_UNIT[unit]! : spec.unitKind === 'mass' ? 1000 : null;
  if (factor === null) return null;
  const grams = Math.round(spec.value * factor);
  return grams >= 1 ? grams : null;
}

/** A product's mass spec as the shipping weight's default: the one keyed `weight` first, else any mass spec. */
export interface WeightSpec {
  key: string;
  value: number | null;
  unit: string | null;
  unitKind: string | null;
}

/**
 * The weight shipping uses for one unit: the product's own shipping weight, else its weight spec converted to
 * grams (kg, g, lb), else null (nothing to weigh).
 */
export function effectiveWeightGrams(
  product: { shippingWeightGrams: number | null },
  specs: readonly WeightSpec[],
): number | null {
  if (product.shippingWeightGrams !== null) return product.shippingWeightGrams;
  const masses = specs.filter(
    (s) => s.unitKind === 'mass' || (s.unit?.toLowerCase() ?? '') in GRAMS_PER_UNIT,
  );
  const ordered = [...masses.filter((s) => s.key === 'weight'), ...masses.filter((s) => s.key !== 'weight')];
  for (const s of ordered) {
    const grams = specGrams(s);
    if (grams !== null) return grams;
  }
  return null;
}

/** What shipping and ordering need to know of a product (decision 037). */
export interface ShippingProfile {
  /** The product's name, for a message about how it ships. */
  name: string;
  /** One unit's weight in grams (the shipping weight, else the weight spec), or null when unknown. */
  unitWeightGrams: number | null;
  shipsAs: 'parcel' | 'freight';
  freightClass: string | null;
  backorderable: boolean;
  leadTimeDays: number | null;
}

/** The shipping profiles of several products, in one statement (issue 38); unknown products are absent. */
export async function shippingProfiles(
  db: Db | Tx,
  productIds: readonly string[],
): Promise<Map<string, ShippingProfile>> {
  const ids = [...new Set(productIds)];
  const out = new Map<string, ShippingProfile>();
  if (ids.length === 0) return out;
  // The numeric specs ride along as a JSON list: a weight spec is only read when the product has no shipping weight.
  const numericSpecs = sql<WeightSpec[]>`coalesce((
    select json_agg(json_build_object('key', a.key, 'value', s.value, 'unit', a.unit, 'unitKind', a.unit_kind))
    from ${productSpecs} s join ${specAttributes} a on a.id = s.attribute_id
    where s.product_id = "products"."id" and a.type = 'number'), '[]'::json)`;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      shippingWeightGrams: products.shippingWeightGrams,
      shipsAs: products.shipsAs,
      freightClass: products.freightClass,
      backorderable: products.backorderable,
      leadTimeDays: products.leadTimeDays,
      specs: numericSpecs,
    })
    .from(products)
    .where(inArray(products.id, ids));
  for (const r of rows)
    out.set(r.id, {
      name: r.name,
      unitWeightGrams: effectiveWeightGrams(r, r.specs),
      shipsAs: r.shipsAs,
      freightClass: r.freightClass,
      backorderable: r.backorderable,
      leadTimeDays: r.leadTimeDays,
    });
  return out;
}
