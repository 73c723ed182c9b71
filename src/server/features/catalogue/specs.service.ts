import { sql } from 'drizzle-orm';
import type { SpecValue } from '@shared/catalogue/search.schema';
import type { Db, Tx } from '../../infra/db';
import { pathTo, type Category } from './categories.service';

export interface Attribute {
  id: number;
  key: string;
  label: string;
  type: 'number' | 'text';
  unitKind: string | null;
  unit: string | null;
  /** Offered as a filter and counted in the facets (decision 036): only numbers are ever filters. */
  filterable: boolean;
}

export async function loadAttributes(db: Db | Tx): Promise<Attribute[]> {
  const { rows } = await db.execute<Attribute & Record<string, unknown>>(
    sql`select id, key, label, type, unit_kind as "unitKind", unit, filterable from spec_attributes order by id`,
  );
  return rows;
}

export const MAX_SPEC_TEXT = 200;

/** Why a spec value is not acceptable for its attribute's type (numbers are canonical), or undefined. */
export function specProblem(type: Attribute['type'], value: number | string): string | undefined {
  if (type === 'number')
    return typeof value === 'number' && Number.isFinite(value) && value >= 0
      ? undefined
      : 'must be a number, 0 or more';
  if (typeof value !== 'string' || value.trim() === '') return 'must be text';
  return value.length > MAX_SPEC_TEXT ? `must be at most ${MAX_SPEC_TEXT} characters` : undefined;
}

/** The attribute order a product's category shows: its own definitions first, then its ancestors'. */
export function attributeOrder(cats: Category[], categoryId: string | null): string[] {
  return pathTo(cats, categoryId)
    .reverse()
    .flatMap((c) => c.specKeys);
}

function ordered(specs: SpecValue[], order: string[]): SpecValue[] {
  const rank = (k: string) => {
    const i = order.indexOf(k);
    return i < 0 ? order.length : i;
  };
  return [...specs].sort((a, b) => rank(a.key) - rank(b.key));
}

interface SpecRow extends SpecValue, Record<string, unknown> {
  productId: string;
}

/** Every spec of the given products, with its definition, in the display order of each product's category. */
export async function loadSpecs(
  db: Db,
  cats: Category[],
  products: { id: string; categoryId: string | null }[],
): Promise<Map<string, SpecValue[]>> {
  const out = new Map<string, SpecValue[]>(products.map((p) => [p.id, []]));
  if (products.length === 0) return out;
  const ids = sql.join(
    products.map((p) => sql`${p.id}::uuid`),
    sql`, `,
  );
  const { rows } = await db.execute<SpecRow>(sql`
    select s.product_id as "productId", a.key, a.label, a.type, a.unit_kind as "unitKind", a.unit,
      s.value, s.value_text as "valueText"
    from product_specs s join spec_attributes a on a.id = s.attribute_id
    where s.product_id in (${ids}) order by a.id`);
  for (const { productId, ...spec } of rows) out.get(productId)?.push(spec);
  for (const p of products) out.set(p.id, ordered(out.get(p.id)!, attributeOrder(cats, p.categoryId)));
  return out;
}

/** The two specs a product card shows: the first numeric ones in the category's order. */
export const keySpecsOf = (specs: SpecValue[]) => specs.filter((s) => s.type === 'number').slice(0, 2);

/**
 * The same two specs from `products.spec_values` (the numeric values by attribute id, kept from product_specs by
 * triggers), without reading product_specs: what the search index builds its cards from. The array is in attribute
 * id order, as `loadSpecs` reads the rows, and numeric specs never hold a `value_text`.
 */
export function keySpecsFromValues(
  attrById: Map<number, Attribute>,
  order: string[],
  values: readonly (number | null)[],
): SpecValue[] {
  const specs: SpecValue[] = [];
  values.forEach((value, i) => {
    const a = value === null ? undefined : attrById.get(i + 1);
    if (!a || a.type !== 'number' || value === null) return;
    const { key, label, type, unitKind, unit } = a;
    specs.push({ key, label, type, unitKind, unit, value, valueText: null });
  });
  return keySpecsOf(ordered(specs, order));
}
